import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { firstOpenDay } from '../../contract/opening-hours.ts';
import { isoDate, type Reservation } from '../../contract/reservation.ts';
import { BookingForm, BookingSummary } from '../../src/components/booking-form.tsx';

const tomorrow = firstOpenDay(isoDate(new Date(Date.now() + 86_400_000)));
/** The first Sunday after today: the restaurant's closed day. */
const sunday = (() => {
  const day = new Date();
  do day.setDate(day.getDate() + 1);
  while (day.getDay() !== 0);
  return isoDate(day);
})();
const yesterday = isoDate(new Date(Date.now() - 86_400_000));

describe('Home’s Book a Table', () => {
  it('shows a message for every invalid field and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(
      <BookingForm submitting={false} error={null} full={null} onSubmit={onSubmit} onPickTime={vi.fn()} />,
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
      <BookingForm submitting={false} error={null} full={null} onSubmit={onSubmit} onPickTime={vi.fn()} />,
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
      <BookingForm submitting={false} error={null} full={null} onSubmit={onSubmit} onPickTime={vi.fn()} />,
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

  it('sums up the stored booking with its reference, and offers another', async () => {
    const onAnother = vi.fn();
    const booking: Reservation = {
      name: 'Nadia Rahman',
      email: 'nadia@example.com',
      persons: 2,
      date: '2099-12-01',
      time: '19:30',
    };
    render(
      <BookingSummary
        booking={booking}
        booked={{ insertedId: 'b1', reference: 'K7M29QHD', state: 'booked' }}
        onAnother={onAnother}
      />,
    );
    const heading = screen.getByRole('heading', { name: 'Your table is booked' });
    expect(heading).toHaveFocus();
    const summary = screen.getByRole('status');
    expect(summary).toHaveTextContent('Tuesday, 1 December 2099');
    expect(summary).toHaveTextContent('7:30pm');
    expect(summary).toHaveTextContent('2 persons');
    expect(summary).toHaveTextContent('K7M29QHD');
    expect(summary).toHaveTextContent('we have sent a confirmation to nadia@example.com');
    expect(summary).toHaveTextContent('To change or cancel it, open the link in that e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Book another table' }));
    expect(onAnother).toHaveBeenCalledOnce();
  });

  it('says a booking the owner confirms by hand is requested, not booked', () => {
    render(
      <BookingSummary
        booking={{ name: 'Nadia', email: 'nadia@example.com', persons: 3, date: '2099-12-01', time: '12:00' }}
        booked={{ insertedId: 'b1', reference: 'K7M29QHD', state: 'pending' }}
        onAnother={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your table is requested' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('the restaurant confirms each booking by hand');
  });

  it('offers the nearest free times when the time had no table, and books the one picked', async () => {
    const onPickTime = vi.fn();
    render(
      <BookingForm
        submitting={false}
        error={null}
        full={{ message: 'No table for 3 is free at 19:30', times: ['18:45', '20:30'] }}
        onSubmit={vi.fn()}
        onPickTime={onPickTime}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No table for 3 is free at 19:30');
    const offered = screen.getByRole('list', { name: 'Nearest free times' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['6:45pm', '8:30pm']);
    await userEvent.click(within(offered).getByRole('button', { name: '8:30pm' }));
    expect(onPickTime).toHaveBeenCalledWith('20:30');
  });

  it('shows why the booking could not be sent, and keeps the form', () => {
    render(
      <BookingForm
        submitting={false}
        error="We could not reach Pizzon. Check your connection and try again."
        full={null}
        onSubmit={vi.fn()}
        onPickTime={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach Pizzon.');
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('shows the length caps’ messages and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(
      <BookingForm submitting={false} error={null} full={null} onSubmit={onSubmit} onPickTime={vi.fn()} />,
    );
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.paste('N'.repeat(81));
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.paste(`${'n'.repeat(243)}@example.com`);
    await userEvent.type(screen.getByLabelText('Date'), tomorrow);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
    expect(screen.getByText('Email is too long')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables Book Now while submitting', () => {
    render(<BookingForm submitting error={null} full={null} onSubmit={vi.fn()} onPickTime={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Booking…' })).toBeDisabled();
  });
});
