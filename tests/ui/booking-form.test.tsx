import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { firstOpenDay } from '../../contract/opening-hours.ts';
import { isoDate, type Reservation } from '../../contract/reservation.ts';
import { BookingForm } from '../../src/components/booking-form.tsx';

const tomorrow = firstOpenDay(isoDate(new Date(Date.now() + 86_400_000)));
/** The first Sunday after today: the restaurant's closed day. */
const sunday = (() => {
  const day = new Date();
  do day.setDate(day.getDate() + 1);
  while (day.getDay() !== 0);
  return isoDate(day);
})();
const yesterday = isoDate(new Date(Date.now() - 86_400_000));

describe('BookingForm', () => {
  it('shows a message for every invalid field and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(
      <BookingForm
        variant="compact"
        submitting={false}
        stored={null}
        onSubmit={onSubmit}
        onAnother={vi.fn()}
      />,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Date'), yesterday);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Date can not be in the past')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers 1 to 3 persons and submits a parsed booking', async () => {
    const onSubmit = vi.fn();
    render(
      <BookingForm variant="full" submitting={false} stored={null} onSubmit={onSubmit} onAnother={vi.fn()} />,
    );
    expect(screen.getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['1', '2', '3']);
    await userEvent.type(screen.getByLabelText('Name'), 'Nadia Rahman');
    await userEvent.type(screen.getByLabelText('Email'), 'nadia@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Persons'), '3');
    await userEvent.type(screen.getByLabelText('Date'), tomorrow);
    await userEvent.type(screen.getByLabelText('Time'), '19:30');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Nadia Rahman',
      email: 'nadia@example.com',
      persons: 3,
      date: tomorrow,
      time: '19:30',
    });
  });

  it('says before sending that Sunday is closed, 23:30 is after hours and a time is needed', async () => {
    const onSubmit = vi.fn();
    const { unmount } = render(
      <BookingForm
        variant="compact"
        submitting={false}
        stored={null}
        onSubmit={onSubmit}
        onAnother={vi.fn()}
      />,
    );
    expect(screen.getByText('Open 6:00am-10:00pm, Sunday closed')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Nadia Rahman');
    await userEvent.type(screen.getByLabelText('Email'), 'nadia@example.com');
    await userEvent.type(screen.getByLabelText('Date'), sunday);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(
      await screen.findByText('We are closed on Sundays. Please choose another day'),
    ).toBeInTheDocument();
    expect(screen.getByText('Time is required')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), tomorrow);
    await userEvent.type(screen.getByLabelText('Time'), '23:30');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Please choose a time from 6:00am to 9:30pm')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    unmount();
  });

  it('sums up the stored booking instead of clearing the form, and offers another', async () => {
    const onSubmit = vi.fn();
    const onAnother = vi.fn();
    const form = (stored: Reservation | null, submitting = false) => (
      <BookingForm
        variant="compact"
        submitting={submitting}
        stored={stored}
        onSubmit={onSubmit}
        onAnother={onAnother}
      />
    );
    const { rerender } = render(form(null));
    await userEvent.type(screen.getByLabelText('Name'), 'Nadia Rahman');
    await userEvent.type(screen.getByLabelText('Email'), 'nadia@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Persons'), '2');
    await userEvent.type(screen.getByLabelText('Date'), '2099-12-01');
    await userEvent.type(screen.getByLabelText('Time'), '19:30');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    // Sent but not yet stored: still the form.
    rerender(form(null, true));
    expect(screen.queryByRole('heading', { name: 'Your table is booked' })).not.toBeInTheDocument();
    // The booking machine's answer: what the server stored.
    rerender(form(onSubmit.mock.calls[0]![0] as Reservation));
    const heading = screen.getByRole('heading', { name: 'Your table is booked' });
    expect(heading).toHaveFocus();
    const summary = screen.getByRole('status');
    expect(summary).toHaveTextContent('Tuesday, 1 December 2099');
    expect(summary).toHaveTextContent('7:30pm');
    expect(summary).toHaveTextContent('2 persons');
    expect(summary).toHaveTextContent('we have sent a confirmation to nadia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book another table' }));
    expect(onAnother).toHaveBeenCalledOnce();
    rerender(form(null));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
  });

  it('shows the length caps’ messages and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(
      <BookingForm variant="full" submitting={false} stored={null} onSubmit={onSubmit} onAnother={vi.fn()} />,
    );
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.paste('N'.repeat(81));
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.paste(`${'n'.repeat(243)}@example.com`);
    await userEvent.type(screen.getByLabelText('Date'), tomorrow);
    await userEvent.click(screen.getByLabelText('Phone (optional)'));
    await userEvent.paste(`+${'1'.repeat(21)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
    expect(screen.getByText('Email is too long')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 6 to 20 digits')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables Book Now while submitting', () => {
    render(<BookingForm variant="compact" submitting stored={null} onSubmit={vi.fn()} onAnother={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Booking…' })).toBeDisabled();
  });
});
