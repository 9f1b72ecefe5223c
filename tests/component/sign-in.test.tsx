import './support/match-media';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthOutcome } from '@/sync';
import { installFakeSync } from './support/fake-sync';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

const LOCAL = { account: { state: 'local' as const }, status: 'local' as const };

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

freshAppEachTest();
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

const emailBox = () => screen.getByRole('textbox', { name: 'Email' });
const passwordBox = () => screen.getByLabelText('Password');

describe('sign-in screen', () => {
  it('has the names SPEC §10 promises', async () => {
    installFakeSync(LOCAL);
    renderRoutes('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to sync' })).toBeInTheDocument();
    expect(emailBox()).toHaveValue('');
    expect(passwordBox()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue without an account' })).toHaveAttribute('href', '/today');
  });

  it('checks the fields before sending anything and shows each message at its field', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(emailBox()).toHaveAccessibleDescription('Enter your e-mail address');
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordBox()).toHaveAccessibleDescription('Enter your password');
    expect(emailBox()).toHaveFocus();

    await user.type(emailBox(), 'ann@example');
    await user.type(passwordBox(), '123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(emailBox()).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(passwordBox()).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(fake.sync.signIn).not.toHaveBeenCalled();
    expect(fake.sync.signUp).not.toHaveBeenCalled();
    // nothing typed was lost
    expect(emailBox()).toHaveValue('ann@example');
    expect(passwordBox()).toHaveValue('123');
  });

  it('shows the server’s answer at its field and keeps what was typed', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.signIn.mockResolvedValueOnce({ ok: false, message: 'Wrong e-mail or password', field: 'password' });
    const { user, router } = renderRoutes('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(passwordBox(), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(passwordBox()).toHaveAccessibleDescription('Wrong e-mail or password'));
    expect(passwordBox()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordBox()).toHaveFocus();
    expect(emailBox()).not.toHaveAttribute('aria-invalid');
    expect(emailBox()).toHaveValue('ann@example.com');
    expect(passwordBox()).toHaveValue('not-my-password');
    expect(fake.sync.signIn).toHaveBeenCalledWith('ann@example.com', 'not-my-password');
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('an answer about no field shows as an alert on the form', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.signUp.mockResolvedValueOnce({ ok: false, message: "Can't reach the server — check your connection and try again" });
    const { user } = renderRoutes('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(passwordBox(), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach the server — check your connection and try again");
    expect(emailBox()).toHaveValue('ann@example.com');
  });

  it('is busy while the server answers (one request only), then goes to Today', async () => {
    const fake = installFakeSync(LOCAL);
    let answer: (outcome: AuthOutcome) => void = () => {};
    fake.sync.signIn.mockImplementationOnce(
      () =>
        new Promise<AuthOutcome>((resolve) => {
          answer = (outcome) => {
            if (outcome.ok) fake.setStatus({ account: outcome.account, status: 'syncing' });
            resolve(outcome);
          };
        }),
    );
    const { user, router } = renderRoutes('/sign-in');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(passwordBox(), 'secret123');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Signing in…')).toBeInTheDocument();
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(signIn);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(fake.sync.signIn).toHaveBeenCalledTimes(1);
    expect(fake.sync.signUp).not.toHaveBeenCalled();

    act(() => answer({ ok: true, account: { state: 'signed-in', userId: 'user-ann', email: 'ann@example.com' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(await screen.findByText('Signed in as ann@example.com')).toBeInTheDocument();
  });

  it('asks the browser to keep the data once signed in', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    try {
      installFakeSync(LOCAL);
      const { user, router } = renderRoutes('/sign-in');
      await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
      await user.type(passwordBox(), 'secret123');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
      expect(persist).toHaveBeenCalledOnce();
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  it('says when the device is offline, and keeps the form usable', async () => {
    installFakeSync(LOCAL);
    renderRoutes('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to sync' });
    expect(screen.queryByText(/You’re offline/)).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByText(/You’re offline\. Signing in needs a connection/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-disabled');
    setOnline(true);
    expect(screen.queryByText(/You’re offline/)).not.toBeInTheDocument();
  });

  it('after an expired session, asks to sign in again with the e-mail filled in', async () => {
    installFakeSync({ account: { state: 'expired', userId: 'user-ann', email: 'ann@example.com' }, status: 'waiting', pending: 2 });
    renderRoutes('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in again' })).toBeInTheDocument();
    expect(emailBox()).toHaveValue('ann@example.com');
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', '/today');
    // signing back in, not starting over
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('after a sign-out everywhere, says so: signed out on every device, the changes safe here', async () => {
    installFakeSync({ account: { state: 'expired', userId: 'user-ann', email: 'ann@example.com', revoked: true }, status: 'waiting', pending: 1 });
    renderRoutes('/sign-in?email=ann%40example.com&next=%2Flists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in again' })).toBeInTheDocument();
    expect(screen.getByText('You were signed out on every device. Sign in again to resume syncing — your changes are safe on this device.')).toBeInTheDocument();
    expect(screen.queryByText(/Your session expired/)).not.toBeInTheDocument();
    expect(emailBox()).toHaveValue('ann@example.com');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('fills in the e-mail from the address (?email=)', async () => {
    installFakeSync(LOCAL);
    renderRoutes('/sign-in?email=bob%40example.com');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to sync' });
    expect(emailBox()).toHaveValue('bob@example.com');
  });
});
