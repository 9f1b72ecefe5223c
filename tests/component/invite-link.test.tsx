// /invites/<token>, where an invitation mail's link leads (SPEC §13.1): signed out it tells who
// invited to which list and sends the person to sign in and back; signed in it answers with the
// same queued changes as the Lists screen; a link that no longer works says why.
import './support/match-media';
import { act, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationLink } from '@/domain/invitation-link';
import { provideSync } from '@/sync-status/load-sync';
import { installFakeSync } from './support/fake-sync';
import { renderRoutes } from './support/render-routes';
import { MY_EMAIL, signedIn, signOutForTests } from './support/sharing';

const TOKEN = 'ab'.repeat(32);
const OPEN: InvitationLink = {
  state: 'open',
  list_id: 'list-garden',
  list_name: 'Garden',
  list_color: 'green',
  invited_by: 'Ann Lee',
  invited_by_color: 'green',
  role: 'editor',
  expires_at: '2026-12-27T10:00:00.000Z',
  bound: false,
};
const LOCAL = { account: { state: 'local' as const }, status: 'local' as const };

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  provideSync(null);
  await signOutForTests();
});

async function signedInWithFake() {
  const { db, userId } = await signedIn();
  const fake = installFakeSync({ account: { state: 'signed-in', userId, email: MY_EMAIL } });
  return { db, fake };
}

describe('the invitation link', () => {
  it('signed out: says who invited to which list and as what, and offers to sign in and come back', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.openInvitation.mockResolvedValue(OPEN);
    renderRoutes(`/invites/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden' })).toBeInTheDocument();
    expect(screen.getByText('Invitation')).toBeInTheDocument();
    expect(screen.getByText(/invited you to this list as an editor\. The invitation is open until/)).toHaveTextContent(/Ann Lee invited/);
    // a name, never an address, to someone not on the list yet (SPEC §16)
    expect(document.body.textContent).not.toContain('@example.com invited');
    expect(fake.sync.openInvitation).toHaveBeenCalledWith(TOKEN);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    const signIn = screen.getByRole('link', { name: 'Sign in or create an account' });
    expect(new URL(signIn.getAttribute('href')!, 'http://app.test').pathname).toBe('/sign-in');
    expect(new URL(signIn.getAttribute('href')!, 'http://app.test').searchParams.get('next')).toBe(`/invites/${TOKEN}`);
  });

  it('after signing in from it, the person is back at the invitation, opened as them', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.openInvitation.mockResolvedValue({ ...OPEN, bound: true });
    const { user, router } = renderRoutes(`/sign-in?next=${encodeURIComponent(`/invites/${TOKEN}`)}`);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'carol@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invites/${TOKEN}`));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as carol@example.com.')).toBeInTheDocument();
  }, 15_000);

  it('sign-in goes back only to a path of this app', async () => {
    installFakeSync(LOCAL);
    const { user, router } = renderRoutes(`/sign-in?next=${encodeURIComponent('//evil.example/x')}`);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'carol@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
  }, 15_000);

  it('signed in: Accept queues invitation.accept for the list, says so, and syncs', async () => {
    const { db, fake } = await signedInWithFake();
    fake.sync.openInvitation.mockResolvedValue({ ...OPEN, bound: true });
    const { user } = renderRoutes(`/invites/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You joined Garden' })).toBeInTheDocument();
    expect(await db.outbox.toArray()).toMatchObject([{ name: 'invitation.accept', args: { list_id: 'list-garden' } }]);
    await waitFor(() => expect(fake.sync.syncNow).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Go to Lists' })).toHaveAttribute('href', '/lists');
  });

  it('signed in: Decline queues invitation.decline', async () => {
    const { db, fake } = await signedInWithFake();
    fake.sync.openInvitation.mockResolvedValue({ ...OPEN, bound: true });
    const { user } = renderRoutes(`/invites/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation declined' })).toBeInTheDocument();
    expect(screen.getByText('Ann Lee will see that you declined.')).toBeInTheDocument();
    expect(await db.outbox.toArray()).toMatchObject([{ name: 'invitation.decline', args: { list_id: 'list-garden' } }]);
  });

  it.each([
    [{ state: 'unknown' }, "This invitation link doesn't work", /already used or cancelled, or a newer invitation replaced it/],
    [{ state: 'expired', list_name: 'Garden' }, 'This invitation has expired', /invited you to Garden to invite you again/],
    [{ state: 'declined', list_name: 'Garden' }, 'You declined this invitation', /changed your mind/],
  ] as [InvitationLink, string, RegExp][])('a link that no longer works says why (%o)', async (answer, title, text) => {
    const fake = installFakeSync(LOCAL);
    fake.sync.openInvitation.mockResolvedValue(answer);
    renderRoutes(`/invites/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a member is sent to the list', async () => {
    const { fake } = await signedInWithFake();
    fake.sync.openInvitation.mockResolvedValue({ state: 'member', list_id: 'list-garden', list_name: 'Garden' });
    renderRoutes(`/invites/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're on Garden" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Garden' })).toHaveAttribute('href', '/lists/list-garden');
  });

  it('offline: says the server cannot be reached, and "Try again" asks again', async () => {
    const fake = installFakeSync(LOCAL);
    fake.sync.openInvitation.mockResolvedValueOnce({ state: 'unreachable' }).mockResolvedValue(OPEN);
    const { user } = renderRoutes(`/invites/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "Can't open the invitation" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden' })).toBeInTheDocument();
  });
});
