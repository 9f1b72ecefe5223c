import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFER_DISMISSED_KEY } from '@/features/today/sign-in-offer';
import { installFakeSync } from './support/fake-sync';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

const EXPIRED = { state: 'expired', userId: 'user-ann', email: 'ann@example.com' } as const;

freshAppEachTest();

describe('Settings → Account, signed in', () => {
  it('shows the e-mail; with nothing queued, Sign out signs out at once and returns to local mode on Today', async () => {
    const fake = installFakeSync({ pending: 0 });
    const { user, router } = renderRoutes('/settings');
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('ann@example.com')).toBeInTheDocument();
    await user.click(within(account).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(fake.sync.signOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Local only' })).toBeInTheDocument();
    expect(await screen.findByText('Signed out — your account’s data was removed from this device')).toBeInTheDocument();
  });

  it('warns when changes haven’t synced: staying keeps everything, "Sign out anyway" signs out', async () => {
    const fake = installFakeSync({ status: 'offline', pending: 2 });
    const { user, router } = renderRoutes('/settings');
    const account = await screen.findByRole('region', { name: 'Account' });
    await user.click(within(account).getByRole('button', { name: 'Sign out' }));

    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(dialog).toHaveAccessibleDescription('2 changes haven’t synced yet — signing out removes them from this device.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.sync.signOut).not.toHaveBeenCalled();
    expect(within(account).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Sign out' })).toHaveFocus();

    fake.sync.pendingCount.mockResolvedValueOnce(1);
    await user.click(within(account).getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(dialog).toHaveAccessibleDescription('1 change hasn’t synced yet — signing out removes it from this device.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(fake.sync.signOut).toHaveBeenCalledOnce();
  });

  it('without an account, offers to sign in', async () => {
    renderRoutes('/settings');
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign in to sync' })).toHaveAttribute('href', '/sign-in');
  });
});

describe('expired session', () => {
  it('shows the banner with a way to sign in again as the same person, and says it in Settings', async () => {
    installFakeSync({ status: 'waiting', pending: 3, account: EXPIRED });
    const { user, router } = renderRoutes('/today');
    const banner = await screen.findByRole('region', { name: 'Session expired' });
    expect(banner).toHaveTextContent('Session expired — sign in to resume syncing. Your changes are safe on this device.');
    expect(screen.getByRole('status', { name: '3 changes waiting' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    // not twice on the sign-in screen itself
    expect(screen.queryByRole('region', { name: 'Session expired' })).not.toBeInTheDocument();
  });

  it('after a sign-out everywhere (and "Not now" on the sign-in screen) it says so', async () => {
    installFakeSync({ status: 'waiting', pending: 1, account: { ...EXPIRED, revoked: true } });
    renderRoutes('/today');
    const banner = await screen.findByRole('region', { name: 'Session expired' });
    expect(banner).toHaveTextContent('Signed out on every device — sign in to resume syncing. Your changes are safe on this device.');
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?email=ann%40example.com');
  });

  it('goes away once signed in again', async () => {
    const fake = installFakeSync({ status: 'waiting', pending: 1, account: EXPIRED });
    renderRoutes('/today');
    await screen.findByRole('region', { name: 'Session expired' });
    act(() => fake.setStatus({ account: { ...EXPIRED, state: 'signed-in' }, status: 'syncing' }));
    expect(screen.queryByRole('region', { name: 'Session expired' })).not.toBeInTheDocument();
  });
});

describe('the offer to sign in on Today', () => {
  it('is there on a local first visit, and "Not now" puts it away for good', async () => {
    const first = renderRoutes('/today');
    const offer = await screen.findByRole('region', { name: 'Sync offer' });
    expect(within(offer).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await first.user.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Sync offer' })).not.toBeInTheDocument();
    expect(localStorage.getItem(OFFER_DISMISSED_KEY)).not.toBeNull();
  });

  it('is not shown to someone signed in', async () => {
    installFakeSync();
    renderRoutes('/today');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(screen.queryByRole('region', { name: 'Sync offer' })).not.toBeInTheDocument();
  });
});
