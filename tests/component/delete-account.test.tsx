// Settings → Account → "Delete account" (SPEC §16): the dialog says what goes, offers "Export
// first", enables "Delete account" only once the account's e-mail is typed and only online, keeps
// what was typed when the server refuses, and goes to sign-in once the account is gone. And the
// "Don't send me invitations" page of an invitation mail.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeSync } from './support/fake-sync';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('Delete account', () => {
  it('needs the e-mail typed, says what goes, and signs out to sign-in once deleted', { timeout: 30_000 }, async () => {
    const fake = installFakeSync({ pending: 0 });
    const { user, router } = renderRoutes('/settings');
    const account = await screen.findByRole('region', { name: 'Account' });
    await user.click(within(account).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    expect(dialog).toHaveTextContent('Shared lists you own pass to');
    expect(dialog).toHaveTextContent('“Former member”');
    expect(within(dialog).getByRole('button', { name: 'Export first' })).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    const box = within(dialog).getByRole('textbox', { name: 'Type ann@example.com to confirm' });
    await user.type(box, 'ann@example.co');
    await user.click(confirm);
    expect(fake.sync.deleteAccount).not.toHaveBeenCalled();

    fake.sync.deleteAccount.mockResolvedValueOnce({ ok: false, message: 'Can’t reach the server — check your connection and try again' });
    await user.type(box, 'M');
    expect(confirm).not.toHaveAttribute('aria-disabled');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Can’t reach the server');
    expect(box).toHaveValue('ann@example.coM');

    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(fake.sync.deleteAccount).toHaveBeenCalledTimes(2);
  });

  it('offline it says a connection is needed and deletes nothing', { timeout: 30_000 }, async () => {
    const fake = installFakeSync({ pending: 0 });
    const { user } = renderRoutes('/settings');
    const account = await screen.findByRole('region', { name: 'Account' });
    await user.click(within(account).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    setOnline(false);
    try {
      await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'ann@example.com');
      expect(await within(dialog).findByText('You’re offline — deleting your account needs a connection')).toBeInTheDocument();
      const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
      expect(confirm).toHaveAttribute('aria-disabled', 'true');
      await user.click(confirm);
      expect(fake.sync.deleteAccount).not.toHaveBeenCalled();
    } finally {
      setOnline(true);
    }
  });
});

describe("Don't send me invitations", () => {
  it('asks before it stops anything, then says it is done; a wrong link says so', { timeout: 30_000 }, async () => {
    const fake = installFakeSync({ account: { state: 'local' }, status: 'local' });
    const token = 'cd'.repeat(32);
    const { user } = renderRoutes(`/no-invitations/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Don’t send me invitations' })).toBeInTheDocument();
    expect(fake.sync.stopInvitationMail).not.toHaveBeenCalled();
    fake.sync.stopInvitationMail.mockResolvedValueOnce('unknown');
    await user.click(screen.getByRole('button', { name: 'Don’t send me invitations' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid');
    await user.click(screen.getByRole('button', { name: 'Don’t send me invitations' }));
    expect(await screen.findByText('Done — Daybook won’t send invitation mail to this address again.')).toHaveAttribute('role', 'status');
    expect(fake.sync.stopInvitationMail).toHaveBeenCalledWith(token);
  });
});

describe('an invitation link after too many wrong ones', () => {
  it('says to wait rather than that the server is unreachable', async () => {
    const fake = installFakeSync({ account: { state: 'local' }, status: 'local' });
    fake.sync.openInvitation.mockResolvedValue({ state: 'rate_limited' });
    renderRoutes(`/invites/${'ef'.repeat(32)}`);
    expect(await screen.findByText('Too many wrong links — try again in 10 minutes.')).toBeInTheDocument();
  });
});
