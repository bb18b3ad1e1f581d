import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '../../src/routes/auth.tsx';
import { withActors } from './support/actors.tsx';

// The page reads its redirect from the router; the provider is the one effect behind the form, so it
// is replaced by a fake whose errors carry Firebase's codes.
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => vi.fn(),
  useSearch: () => ({}),
}));
const sendPasswordReset = vi.fn<(email: string) => Promise<void>>();
vi.mock('../../src/identity/firebase.ts', () => ({
  sendPasswordReset: (email: string) => sendPasswordReset(email),
  providerErrorCode: (error: unknown) => (error as { code: string }).code,
}));
// /auth as the app renders it, with a registry of its own (never started: nobody signs in here).
const Auth = withActors(AuthPage);
const refusal = (code: string) => Object.assign(new Error(code), { code });

const confirmation = (email: string) =>
  `If an account exists for ${email}, we have sent a link to reset your password. Check your inbox.`;

async function openForgotPassword(typedEmail = '') {
  render(<Auth />);
  if (typedEmail) await userEvent.type(screen.getByLabelText('Email'), typedEmail);
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  expect(screen.getByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
}

const sendButton = () => screen.getByRole('button', { name: 'Send reset link' });

describe('Forgot password on /auth', () => {
  // A block body: a function returned from beforeEach would be run as its teardown.
  beforeEach(() => {
    sendPasswordReset.mockReset();
  });

  it('is offered in Login mode only', async () => {
    render(<Auth />);
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
  });

  it('starts from the e-mail typed in the Login form and confirms in a live region', async () => {
    sendPasswordReset.mockResolvedValue();
    await openForgotPassword('  nadia@pizzon.test ');
    expect(screen.getByLabelText('Email')).toHaveValue('nadia@pizzon.test');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await userEvent.click(sendButton());
    const status = await screen.findByRole('status');
    await vi.waitFor(() => expect(status).toHaveTextContent(confirmation('nadia@pizzon.test')));
    expect(sendPasswordReset).toHaveBeenCalledExactlyOnceWith('nadia@pizzon.test');
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toHaveFocus();
  });

  it('refuses an empty or invalid e-mail without asking the provider', async () => {
    await openForgotPassword();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'nadia@');
    await userEvent.click(sendButton());
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(sendPasswordReset).not.toHaveBeenCalled();
  });

  it('answers an unknown account exactly like a known one', async () => {
    sendPasswordReset.mockRejectedValue(refusal('auth/user-not-found'));
    await openForgotPassword('nobody@pizzon.test');
    await userEvent.click(sendButton());
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(confirmation('nobody@pizzon.test')),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['auth/too-many-requests', 'Too many reset requests. Please wait a few minutes and try again.'],
    [
      'auth/network-request-failed',
      'We could not reach the sign-in service. Check your connection and try again.',
    ],
    ['auth/invalid-email', 'Invalid email address'],
    ['auth/internal-error', 'We could not send the reset link (auth/internal-error). Please try again.'],
  ])('shows %s as a clear message and keeps the form to try again', async (code, message) => {
    sendPasswordReset.mockRejectedValueOnce(refusal(code)).mockResolvedValueOnce();
    await openForgotPassword('nadia@pizzon.test');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await userEvent.click(sendButton());
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(confirmation('nadia@pizzon.test')),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back to Login with the typed e-mail kept and focus on Forgot password?', async () => {
    await openForgotPassword('nadia@pizzon.test');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nadia@pizzon.test');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
    expect(sendPasswordReset).not.toHaveBeenCalled();
  });
});
