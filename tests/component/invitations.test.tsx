// Invitations with consent on screen (SPEC §13.1, names in §15.1): the invitee answers on the
// Lists screen ("Invitations", "Accept", "Decline", a count on the Lists navigation item); the
// owner sees pending and declined ones in the share dialog ("Cancel invitation").
import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { DaybookDb } from '@/data';
import { writeInvitations } from '@/data/db/invitations';
import type { Invitation, OutboxEntry } from '@/domain/model';
import { renderRoutes } from './support/render-routes';
import { seedSharedList, signedIn, signOutForTests } from './support/sharing';

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  await signOutForTests();
});

const outbox = (db: DaybookDb): Promise<OutboxEntry[]> => db.outbox.toArray();
const LATER = '2026-12-30T00:00:00.000Z';

function incoming(listId: string, name: string, from: string, role: 'editor' | 'viewer'): Invitation {
  return { id: `in-${listId}`, list_id: listId, email: 'me@example.com', role, status: 'pending', incoming: true, list_name: name, list_color: 'green', invited_by: from, expires_at: LATER };
}

describe('the Lists screen, for an invitee', () => {
  it('lists each invitation with who invited and the role; Accept and Decline queue the answer and take it off', async () => {
    const { db } = await signedIn();
    await writeInvitations(db, [incoming('list-garden', 'Garden', 'ann@example.com', 'editor'), incoming('list-choir', 'Choir', 'bob@example.com', 'viewer')]);
    const { user } = renderRoutes('/lists');

    const section = await screen.findByRole('region', { name: 'Invitations' });
    const garden = within(section).getByText('Garden').closest('li')!;
    expect(within(garden).getByText('ann@example.com invited you as an editor')).toBeInTheDocument();
    const choir = within(section).getByText('Choir').closest('li')!;
    expect(within(choir).getByText('bob@example.com invited you as a viewer')).toBeInTheDocument();
    // the Lists navigation item keeps its name and carries the count
    const nav = screen.getAllByRole('link', { name: 'Lists' });
    expect(nav.length).toBeGreaterThan(0);
    for (const link of nav) expect(link).toHaveAccessibleDescription('2 invitations');

    await user.click(within(garden).getByRole('button', { name: 'Accept' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({ name: 'invitation.accept', args: { list_id: 'list-garden' } });
    await waitFor(() => expect(within(section).queryByText('Garden')).toBeNull());
    for (const link of screen.getAllByRole('link', { name: 'Lists' })) await waitFor(() => expect(link).toHaveAccessibleDescription('1 invitation'));

    await user.click(within(screen.getByRole('region', { name: 'Invitations' })).getByRole('button', { name: 'Decline' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(2));
    expect((await outbox(db))[1]).toMatchObject({ name: 'invitation.decline', args: { list_id: 'list-choir' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());
    for (const link of screen.getAllByRole('link', { name: 'Lists' })) expect(link).not.toHaveAccessibleDescription();
  });

  it('shows no Invitations section when none wait', async () => {
    await signedIn();
    renderRoutes('/lists');
    await screen.findByRole('list', { name: 'All lists' });
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
  });
});

describe('the share dialog, for the owner', () => {
  it('lists pending invitations with "Cancel invitation" and declined ones until dismissed', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor' });
    const out = (email: string, status: 'pending' | 'declined', role: 'editor' | 'viewer'): Invitation => ({
      id: `out-${email}`, list_id: list.id, email, role, status, incoming: false, expires_at: LATER,
    });
    await writeInvitations(db, [out('carl@example.com', 'pending', 'viewer'), out('dan@example.com', 'declined', 'editor')]);
    const { user } = renderRoutes(`/lists/${list.id}/share`);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Club”' });
    const d = within(dialog);

    const carl = await d.findByRole('listitem', { name: 'carl@example.com · Invited as viewer' });
    const dan = d.getByRole('listitem', { name: 'dan@example.com declined' });
    await user.click(within(carl).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({ name: 'invitation.cancel', args: { list_id: list.id, email: 'carl@example.com' } });
    await waitFor(() => expect(d.queryByRole('listitem', { name: 'carl@example.com · Invited as viewer' })).toBeNull());

    await user.click(within(dan).getByRole('button', { name: 'Dismiss' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(2));
    expect((await outbox(db))[1]).toMatchObject({ name: 'invitation.cancel', args: { list_id: list.id, email: 'dan@example.com' } });
    await waitFor(() => expect(d.queryByRole('listitem', { name: 'dan@example.com declined' })).toBeNull());
  });
});
