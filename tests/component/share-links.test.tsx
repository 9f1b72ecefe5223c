// Share links (SPEC §13.1) on screen: the share dialog's "Share link" section (make, copy,
// revoke; a link made on another device shows without its address) and the join page
// /join/$token (preview, "Join list", "Not now", the reasons a link can't be used, sign-in first).
import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DaybookDb, META } from '@/data';
import { tokenHash } from '@/data/links';
import type { OutboxEntry } from '@/domain/model';
import { provideSync } from '@/sync-status/load-sync';
import { installFakeSync } from './support/fake-sync';
import { renderRoutes } from './support/render-routes';
import { seedSharedList, signedIn, signOutForTests } from './support/sharing';

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  provideSync(null);
  await signOutForTests();
});

const outbox = (db: DaybookDb): Promise<OutboxEntry[]> => db.outbox.toArray();

async function openShare(listId: string) {
  const app = renderRoutes(`/lists/${listId}/share`);
  const dialog = await screen.findByRole('dialog', { name: 'Share “Club”' });
  const d = within(dialog);
  const section = within(await d.findByRole('region', { name: 'Share link' }));
  return { ...app, d, section };
}

describe('share dialog: Share link', () => {
  it('makes a link with a role and an expiry: one link.create carrying the hash, the address on screen to copy', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', {});
    const { section, user } = await openShare(list.id);
    await user.selectOptions(section.getByRole('combobox', { name: 'Link role' }), 'Editor');
    await user.selectOptions(section.getByRole('combobox', { name: 'Expires after' }), '30 days');
    await user.click(section.getByRole('button', { name: 'Create link' }));

    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    const [entry] = await outbox(db);
    expect(entry).toMatchObject({ name: 'link.create', args: { list_id: list.id, role: 'editor', expires_in_days: 30 } });
    const args = entry!.args as { token_hash: string };
    expect(args.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const item = await section.findByRole('listitem', { name: /^Editor link · expires/ });
    const address = within(item).getByRole('textbox', { name: 'Editor link address' }) as HTMLInputElement;
    const token = /\/join\/([A-Za-z0-9_-]+)$/.exec(address.value)?.[1] ?? '';
    // 32 random bytes in base64url; only its hash was queued
    expect(token).toHaveLength(43);
    expect(await tokenHash(token)).toBe(args.token_hash);
    expect(JSON.stringify(await outbox(db))).not.toContain(token);
    expect(within(item).getByText('Sent at the next sync')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('revokes a link: one link.revoke, and the link leaves the dialog', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', {});
    const { section, user } = await openShare(list.id);
    await user.click(section.getByRole('button', { name: 'Create link' }));
    const item = await section.findByRole('listitem', { name: /^Viewer link/ });
    await user.click(within(item).getByRole('button', { name: 'Revoke link' }));
    await waitFor(async () => expect((await outbox(db)).map((m) => m.name)).toEqual(['link.create', 'link.revoke']));
    await waitFor(() => expect(section.queryByRole('listitem')).toBeNull());
  });

  it("shows a link made on another device with its role and Revoke link, but no address to copy", async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', {});
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    await db.meta.put({ key: META.links, value: [{ id: 'k-1', list_id: list.id, role: 'viewer', created_at: new Date().toISOString(), expires_at: expires }] });
    const { section } = await openShare(list.id);
    const item = await section.findByRole('listitem', { name: /^Viewer link/ });
    expect(within(item).getByText('Made on another device: copy it there')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Revoke link' })).toBeInTheDocument();
  });

  it('refuses a sixth live link at the form, queueing nothing', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', {});
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const five = [1, 2, 3, 4, 5].map((n) => ({ id: `k-${n}`, list_id: list.id, role: 'viewer', created_at: new Date().toISOString(), expires_at: expires }));
    await db.meta.put({ key: META.links, value: five });
    const { section, user } = await openShare(list.id);
    await user.click(section.getByRole('button', { name: 'Create link' }));
    expect(await section.findByRole('alert')).toHaveTextContent('A list has at most 5 live links — revoke one first');
    expect(await outbox(db)).toEqual([]);
  });

  it('is not offered to an editor', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'editor', { 'owner@example.com': 'owner' });
    renderRoutes(`/lists/${list.id}/share`);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Club”' });
    await within(dialog).findByRole('button', { name: 'Leave list' });
    expect(within(dialog).queryByRole('region', { name: 'Share link' })).toBeNull();
  });
});

const PREVIEW = { list_id: 'list-9', list_name: 'Allotment', list_color: 'green', role: 'viewer' as const, shared_by: 'alice@example.com', my_role: null };

describe('join page', () => {
  it('shows the list, who shares it and the role; Join list joins, syncs and opens the list', async () => {
    await signedIn();
    const fake = installFakeSync();
    vi.mocked(fake.sync.links.preview).mockResolvedValue({ ok: true, value: PREVIEW });
    vi.mocked(fake.sync.links.join).mockResolvedValue({ ok: true, value: 'list-9' });
    const { router, user } = renderRoutes('/join/tok-123');
    expect(await screen.findByRole('heading', { name: 'Allotment' })).toBeInTheDocument();
    expect(screen.getByText('alice@example.com shares a list with you')).toBeInTheDocument();
    expect(screen.getByText(/Join as a viewer: you can see its tasks but not change them/)).toBeInTheDocument();
    expect(fake.sync.links.preview).toHaveBeenCalledWith('tok-123');
    expect(fake.sync.links.join).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Join list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists/list-9'));
    expect(fake.sync.links.join).toHaveBeenCalledWith('tok-123');
    expect(fake.sync.syncNow).toHaveBeenCalled();
  });

  it('Not now goes to Today without joining', async () => {
    await signedIn();
    const fake = installFakeSync();
    vi.mocked(fake.sync.links.preview).mockResolvedValue({ ok: true, value: PREVIEW });
    const { router, user } = renderRoutes('/join/tok-123');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(fake.sync.links.join).not.toHaveBeenCalled();
  });

  it.each([
    ['revoked', 'This link was revoked by the list’s owner. Ask them for a new one.'],
    ['expired', 'This link has expired. Ask the list’s owner for a new one.'],
    ['not_found', 'This link doesn’t work. Check that it was copied whole, or ask for a new one.'],
  ] as const)('a %s link says why it cannot be used', async (problem, text) => {
    await signedIn();
    const fake = installFakeSync();
    vi.mocked(fake.sync.links.preview).mockResolvedValue({ ok: false, problem, message: 'server words' });
    renderRoutes('/join/tok-123');
    expect(await screen.findByRole('heading', { name: 'Can’t join with this link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it("shows the server's words when joining is refused for a limit", async () => {
    await signedIn();
    const fake = installFakeSync();
    vi.mocked(fake.sync.links.preview).mockResolvedValue({ ok: true, value: PREVIEW });
    vi.mocked(fake.sync.links.join).mockResolvedValue({ ok: false, problem: 'rate_limited', message: 'You left this list — you can join it again after 24 hours' });
    const { user, router } = renderRoutes('/join/tok-123');
    await user.click(await screen.findByRole('button', { name: 'Join list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You left this list — you can join it again after 24 hours');
    expect(router.state.location.pathname).toBe('/join/tok-123');
  });

  it('signed out, sends people to sign in and back to the link, as an invitation does', async () => {
    const fake = installFakeSync({ account: { state: 'local' }, status: 'local' });
    renderRoutes('/join/tok-123');
    const go = await screen.findByRole('link', { name: 'Sign in or create an account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Join a shared list' })).toBeInTheDocument();
    expect(fake.sync.links.preview).not.toHaveBeenCalled();
    const target = new URL(go.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/sign-in');
    expect(target.searchParams.get('next')).toBe('/join/tok-123');
  });

  it('with an expired session, fills in the account on the way to sign in', async () => {
    installFakeSync({ account: { state: 'expired', email: 'ana@example.com', userId: 'u-1' }, status: 'waiting' });
    renderRoutes('/join/tok-123');
    const go = await screen.findByRole('link', { name: 'Sign in or create an account' });
    const target = new URL(go.getAttribute('href') ?? '', 'http://x');
    expect(target.searchParams.get('email')).toBe('ana@example.com');
    expect(target.searchParams.get('next')).toBe('/join/tok-123');
  });
});
