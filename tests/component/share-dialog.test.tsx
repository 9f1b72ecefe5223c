import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { type DaybookDb, getDb, getIdentity, resetDatabaseForTests } from '@/data';
import { nowIso } from '@/lib/ids';
import type { OutboxEntry } from '@/domain/model';
import { renderRoutes } from './support/render-routes';
import { MY_EMAIL, seedSharedList, signedIn, signOutForTests } from './support/sharing';

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  await signOutForTests();
});

const outbox = (db: DaybookDb): Promise<OutboxEntry[]> => db.outbox.toArray();

async function openShare(listId: string) {
  const app = renderRoutes(`/lists/${listId}/share`);
  const dialog = await screen.findByRole('dialog', { name: 'Share “Club”' });
  // The people load after the list's name.
  await within(dialog).findByRole('list');
  return { ...app, dialog, d: within(dialog) };
}

// members show by name (SPEC §16): here the part of the e-mail before @, none having chosen one; a
// pending invitation by its address
const member = (d: ReturnType<typeof within>, who: string) => d.findByRole('listitem', { name: who === MY_EMAIL ? MY_EMAIL.split('@')[0] : who });

describe('share dialog, as the owner', () => {
  it('opens from a deep link over the list, with the people, their roles, you and the owner', async () => {
    const { db, userId } = await signedIn();
    const { list, ids } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor', 'bob@example.com': 'viewer' });
    // Ann chose a name: it is what the dialog calls her, her address beside it
    await db.members.update([list.id, ids['ann@example.com']!], { display_name: 'Ann Lee', color: 'teal' });
    const { d, router } = await openShare(list.id);
    expect(router.state.location.pathname).toBe(`/lists/${list.id}/share`);
    // The list stays rendered behind the modal (hidden from assistive tech while it is open).
    expect(screen.getByRole('heading', { level: 1, name: 'Club', hidden: true })).toBeInTheDocument();

    const me = await member(d, MY_EMAIL);
    expect(within(me).getByText('You')).toBeInTheDocument();
    expect(within(me).getByText('Owner')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: 'Remove' })).toBeNull();
    const ann = await member(d, 'Ann Lee');
    expect(within(ann).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(ann).getByRole('combobox', { name: 'Access for Ann Lee' })).toHaveValue('editor');
    expect(within(ann).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(await member(d, 'bob')).getByRole('combobox')).toHaveValue('viewer');

    expect(d.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    const role = d.getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Editor', 'Viewer']);
    expect(d.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
    expect(d.queryByRole('button', { name: 'Leave list' })).toBeNull();
  });

  it('queues exactly one member.invite with the address and role, and shows it as pending', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor' });
    const { d, user } = await openShare(list.id);
    const email = d.getByRole('textbox', { name: 'Email' });
    await user.type(email, '  carl@example.com ');
    await user.selectOptions(d.getByRole('combobox', { name: 'Role' }), 'Viewer');
    await user.click(d.getByRole('button', { name: 'Invite' }));

    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    const [entry] = await outbox(db);
    expect(entry).toMatchObject({ name: 'member.invite', args: { list_id: list.id, email: 'carl@example.com', role: 'viewer' } });
    await waitFor(() => expect(email).toHaveValue(''));
    const pending = await member(d, 'carl@example.com');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText(/Invited as viewer/)).toBeInTheDocument();

    // Inviting the same address again is caught before anything else is queued.
    await user.type(email, 'carl@example.com{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An invite to carl@example.com is already waiting to be sent'));
    expect(await outbox(db)).toHaveLength(1);
  });

  it('refuses a missing or malformed address, yourself and an existing member at the field, keeping the text', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor' });
    const { d, user } = await openShare(list.id);
    const email = d.getByRole('textbox', { name: 'Email' });
    const invite = d.getByRole('button', { name: 'Invite' });

    await user.click(invite);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter the e-mail address of the person to invite'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    await user.type(email, 'ann');
    // Typing clears the old message; submitting shows the new one.
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(invite);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a full e-mail address, like ann@example.com'));
    expect(email).toHaveValue('ann');

    await user.clear(email);
    await user.type(email, 'ME@example.com');
    await user.click(invite);
    await waitFor(() => expect(email).toHaveAccessibleDescription("That's your own address — invite someone else"));
    expect(email).toHaveValue('ME@example.com');

    await user.clear(email);
    await user.type(email, 'Ann@Example.com');
    await user.click(invite);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Ann@Example.com is already on this list — change their role below'),
    );
    expect(email).toHaveValue('Ann@Example.com');
    expect(await outbox(db)).toEqual([]);
  });

  it('refuses a newcomer to a list of 50 at the field, with the server’s words, queueing nothing', async () => {
    const { db, userId } = await signedIn();
    const others = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`p${i}@example.com`, 'editor' as const]));
    const { list } = await seedSharedList(db, userId, 'owner', others);
    const { d, user } = await openShare(list.id);
    const email = d.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'carl@example.com');
    await user.click(d.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('A list holds at most 50 members'));
    expect(email).toHaveValue('carl@example.com');
    expect(await outbox(db)).toEqual([]);
  });

  it('shows an invite the server refused, with a way to the sync centre', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor' });
    await db.refused.put({
      id: 7,
      name: 'member.invite',
      args: { list_id: list.id, email: 'nobody@example.com', role: 'editor' },
      created_at: nowIso(),
      refused_at: nowIso(),
      error: { code: 'rate_limited', message: 'Too many invitations — try again later', field: 'email' },
    });
    const { d } = await openShare(list.id);
    expect(await d.findByText(/Couldn't invite nobody@example.com: Too many invitations — try again later/)).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Review in Sync' })).toHaveAttribute('href', '/sync');
  });

  it("changes a member's role (member.set_role) and removes a member (member.remove) with Undo", async () => {
    const { db, userId } = await signedIn();
    const { list, ids } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor', 'bob@example.com': 'viewer' });
    const { d, user } = await openShare(list.id);

    const ann = await member(d, 'ann');
    await user.selectOptions(within(ann).getByRole('combobox', { name: 'Access for ann' }), 'Viewer');
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({
      name: 'member.set_role',
      args: { list_id: list.id, user_id: ids['ann@example.com'], role: 'viewer' },
    });
    await waitFor(() => expect(within(ann).getByRole('combobox')).toHaveValue('viewer'));
    // queued, not yet confirmed: the row says so until the server has it
    expect(await within(ann).findByText('Role change sent at the next sync')).toBeInTheDocument();
    expect(within(await member(d, 'bob')).queryByText('Role change sent at the next sync')).toBeNull();

    const bob = await member(d, 'bob');
    await user.click(within(bob).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(2));
    expect((await outbox(db))[1]).toMatchObject({
      name: 'member.remove',
      args: { list_id: list.id, user_id: ids['bob@example.com'] },
    });
    await waitFor(() => expect(d.queryByRole('listitem', { name: 'bob' })).toBeNull());
    expect(d.getByRole('heading', { name: /People on this list/ })).toHaveFocus();
    expect(d.getByText('Removed bob.')).toBeInTheDocument();

    // Undo, in the dialog, invites them again with the role they had.
    await user.click(d.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(3));
    expect((await outbox(db))[2]).toMatchObject({
      name: 'member.invite',
      args: { list_id: list.id, email: 'bob@example.com', role: 'viewer' },
    });
    expect(within(await member(d, 'bob@example.com')).getByText('Pending')).toBeInTheDocument();
  });
});

describe('share dialog, as an editor or a viewer', () => {
  for (const role of ['editor', 'viewer'] as const) {
    it(`shows a ${role} the people without management controls`, async () => {
      const { db, userId } = await signedIn();
      const { list } = await seedSharedList(db, userId, role, { 'owner@example.com': 'owner', 'ann@example.com': 'editor' });
      const { d } = await openShare(list.id);
      expect(within(await member(d, 'owner')).getByText('Owner')).toBeInTheDocument();
      expect(within(await member(d, 'ann')).getByText('Editor')).toBeInTheDocument();
      const me = await member(d, MY_EMAIL);
      expect(within(me).getByText('You')).toBeInTheDocument();
      expect(within(me).getByText(role === 'editor' ? 'Editor' : 'Viewer')).toBeInTheDocument();
      expect(d.queryByRole('textbox', { name: 'Email' })).toBeNull();
      expect(d.queryByRole('button', { name: 'Invite' })).toBeNull();
      expect(d.queryByRole('button', { name: 'Remove' })).toBeNull();
      expect(d.queryByRole('combobox')).toBeNull();
      expect(d.getByRole('button', { name: 'Leave list' })).toBeInTheDocument();
    });
  }

  it('"Leave list" asks first, then queues list.leave and goes to the lists', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'editor', { 'owner@example.com': 'owner' });
    const { d, user, router } = await openShare(list.id);

    await user.click(d.getByRole('button', { name: 'Leave list' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave “Club”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await outbox(db)).toEqual([]);

    await user.click(d.getByRole('button', { name: 'Leave list' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave list' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({ name: 'list.leave', args: { list_id: list.id } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
    expect(await screen.findByText(/You left “Club”\. It disappears from this device at the next sync\./)).toBeInTheDocument();
  });
});

describe('share dialog, opening and closing', () => {
  it('opens from the list\'s "Share" button and closes back to the list', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'viewer' });
    const { user, router } = renderRoutes(`/lists/${list.id}?show=all`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Club”' });
    expect(router.state.location.pathname).toBe(`/lists/${list.id}/share`);
    expect(router.state.location.search).toMatchObject({ show: 'all' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/lists/${list.id}`));
    expect(router.state.location.search).toMatchObject({ show: 'all' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus());
  });

  it('closes a deep-linked dialog with Escape to the list address', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', {});
    const { user, router } = await openShare(list.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/lists/${list.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Club' })).toBeInTheDocument();
  });

  it('explains that sharing needs an account on a device used without one', async () => {
    await resetDatabaseForTests();
    await getDb().open();
    const { userId } = (await getIdentity())!;
    const { list } = await seedSharedList(getDb(), userId, 'owner', {});
    renderRoutes(`/lists/${list.id}/share`);
    const d = within(await screen.findByRole('dialog', { name: 'Share “Club”' }));
    expect(await d.findByText(/Sharing needs a Daybook account/)).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Sign in to share' })).toHaveAttribute('href', '/sign-in');
    expect(d.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it("explains that the Inbox can't be shared, and offers no Share button there", async () => {
    const { userId } = await signedIn();
    const { user } = renderRoutes(`/lists/${userId}/share`);
    const dialog = await screen.findByRole('dialog', { name: "The Inbox can't be shared" });
    expect(within(dialog).queryByRole('textbox', { name: 'Email' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
