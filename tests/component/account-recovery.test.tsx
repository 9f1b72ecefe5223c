// SPEC §16, §21.1 names: "Forgot password?" on the sign-in screen, its "Check your e-mail";
// "Check your e-mail" after a sign-up that awaits confirmation, with "Resend e-mail"; "Reset
// password" with "New password"; Settings → Account's "Change password", "Change e-mail" and
// "Sign out everywhere".
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeSync } from './support/fake-sync';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

const LOCAL = { account: { state: 'local' as const }, status: 'local' as const };
const SIGNED_IN = { account: { state: 'signed-in' as const, userId: 'user-ann', email: 'ann@example.test' }, status: 'synced' as const };

freshAppEachTest();

describe('account recovery screens', () => {
  it('Forgot password? carries the e-mail over and says to check the mail', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.test');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(fake.sync.requestPasswordReset).toHaveBeenCalledWith('ann@example.test');
  });

  it('a sign-up awaiting confirmation shows Check your e-mail with Resend e-mail; a refusal is said', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.signUp.mockResolvedValue({ ok: false, message: 'Check your e-mail to confirm the account, then sign in', field: 'email', confirm: true });
    fake.sync.resendConfirmation.mockResolvedValue({ ok: false, message: 'An e-mail was sent a moment ago — wait a minute before asking again' });
    const { user } = renderRoutes('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'new@example.test');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('new@example.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('An e-mail was sent a moment ago — wait a minute before asking again')).toBeInTheDocument();
    expect(fake.sync.resendConfirmation).toHaveBeenCalledWith('new@example.test');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('new@example.test');
  });

  it('Reset password checks the new password, then opens the link and sets it', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/reset-password?token_hash=abc123&type=recovery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    const box = screen.getByLabelText('New password');
    await user.type(box, '123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(box).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(fake.sync.openAuthLink).not.toHaveBeenCalled();
    await user.type(box, '4567');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(fake.sync.changePassword).toHaveBeenCalledWith('1234567'));
    expect(fake.sync.openAuthLink).toHaveBeenCalledWith('abc123', 'recovery');
  });

  it('an expired reset link says so and offers a new one', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.openAuthLink.mockResolvedValue({ ok: false, message: 'This link has expired or was already used — ask for a new one' });
    const { user } = renderRoutes('/reset-password?token_hash=abc123&type=recovery');
    await user.type(await screen.findByLabelText('New password'), 'good password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used — ask for a new one');
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  // the dialogs' chunk loads on first use: slow under a loaded machine's transform
  it('Settings → Account: Change password, Change e-mail (a link went to the new address) and Sign out everywhere', { timeout: 30_000 }, async () => {
    const fake = installFakeSync(SIGNED_IN);
    const { user } = renderRoutes('/settings');
    const section = await screen.findByRole('region', { name: 'Account' });
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    const pw = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(pw).getByLabelText('New password'), 'a new password');
    await user.click(within(pw).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
    expect(fake.sync.changePassword).toHaveBeenCalledWith('a new password');

    await user.click(within(section).getByRole('button', { name: 'Change e-mail' }));
    const mail = await screen.findByRole('dialog', { name: 'Change e-mail' });
    await user.type(within(mail).getByRole('textbox', { name: 'New e-mail' }), 'ann@new.example');
    await user.click(within(mail).getByRole('button', { name: 'Send link' }));
    expect(await within(mail).findByRole('status')).toHaveTextContent('We sent a link to ann@new.example');
    expect(fake.sync.changeEmail).toHaveBeenCalledWith('ann@new.example');
    await user.click(within(mail).getByRole('button', { name: 'Done' }));

    await user.click(within(section).getByRole('button', { name: 'Sign out everywhere' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await user.click(within(ask).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(fake.sync.signOutEverywhere).toHaveBeenCalled());
  });
});
