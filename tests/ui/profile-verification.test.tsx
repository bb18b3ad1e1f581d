import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Profile } from '../../contract/user.ts';
import { profileMachine } from '../../machines/profile.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { profileLogic } from '../../src/actors/profile.ts';
import { ProfilePage } from '../../src/routes/profile.tsx';
import { testActors, withActors } from './support/actors.tsx';

// The provider is the one effect behind the button: a fake whose errors carry Firebase's codes.
const sendVerificationLink = vi.fn<() => Promise<void>>();
vi.mock('../../src/identity/firebase.ts', () => ({
  sendVerificationLink: () => sendVerificationLink(),
  providerErrorCode: (error: unknown) => (error as { code: string }).code,
}));

const EMAIL = 'nadia@pizzon.test';
let profile: Profile;
const customer = (emailVerified: boolean): Profile => ({
  _id: 'p1',
  uid: 'u1',
  displayName: 'Nadia',
  email: EMAIL,
  photoURL: '/images/avatar.png',
  role: 'user',
  address: '1 Mill Road',
  emailVerified,
});

// The profile as GET /profile answers it; the verification machine is the app's own.
const Page = withActors(ProfilePage, testActors(), [
  giveLogic(profileLogic, {
    profile: profileMachine.provide({ actors: { fetchProfile: fromPromise(async () => profile) } }),
  }),
]);
const refusal = (code: string) => Object.assign(new Error(code), { code });
const sendButton = () => screen.getByRole('button', { name: 'Send verification link' });
const status = async (label: string) =>
  within(await screen.findByText(label, { selector: 'dt' }).then((dt) => dt.parentElement!)).getByRole(
    'definition',
  );
const SENT = `We sent a link to ${EMAIL}. Open it, and within a minute this page shows your e-mail as verified.`;

beforeEach(() => {
  sendVerificationLink.mockReset();
});

describe('the profile’s e-mail verification', () => {
  it('says a verified e-mail is verified, and offers no link', async () => {
    profile = customer(true);
    render(<Page />);
    expect(await status('Email status')).toHaveTextContent('Verified');
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
    expect(screen.queryByText(/Order updates are mailed/)).toBeNull();
  });

  it('says an unverified one is not, why it matters, and sends the link: sending, then sent', async () => {
    profile = customer(false);
    let deliver = () => {};
    sendVerificationLink.mockReturnValue(new Promise<void>((resolve) => (deliver = resolve)));
    render(<Page />);
    expect(await status('Email status')).toHaveTextContent('Not verified yet');
    expect(screen.getByText('Order updates are mailed to you once your e-mail is verified.')).toBeVisible();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await userEvent.click(sendButton());
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true');
    expect(sendButton().closest('form')).toHaveAttribute('aria-busy', 'true');
    // A second press while the link is on its way asks nothing more, and the focus stays put.
    await userEvent.click(sendButton());
    expect(sendVerificationLink).toHaveBeenCalledTimes(1);
    expect(sendButton()).toHaveFocus();

    deliver();
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SENT));
    expect(sendButton()).toHaveAttribute('aria-disabled', 'false');
    expect(sendButton().closest('form')).toHaveAttribute('aria-busy', 'false');
    expect(sendButton()).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['auth/too-many-requests', 'Too many verification requests. Please wait a few minutes and try again.'],
    [
      'auth/network-request-failed',
      'We could not reach the sign-in service. Check your connection and try again.',
    ],
    [
      'auth/internal-error',
      'We could not send the verification link (auth/internal-error). Please try again.',
    ],
  ])('shows %s as a clear message, and a new press sends it', async (code, message) => {
    profile = customer(false);
    sendVerificationLink.mockRejectedValueOnce(refusal(code)).mockResolvedValueOnce();
    render(<Page />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await userEvent.click(sendButton());
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SENT));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendVerificationLink).toHaveBeenCalledTimes(2);
  });

  it('works from the keyboard', async () => {
    profile = customer(false);
    sendVerificationLink.mockResolvedValue();
    render(<Page />);
    (await screen.findByRole('button', { name: 'Send verification link' })).focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SENT));
  });

  it('is not shown on a staff profile, which gets no order mail', async () => {
    profile = { ...customer(false), role: 'admin' };
    render(<Page />);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeVisible();
    expect(screen.queryByText('Email status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
  });
});
