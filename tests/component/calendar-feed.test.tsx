// Calendar feeds on screen (SPEC §19, names of §21.1): Settings → "Calendar feed" → "Create feed"
// queues one feed.create carrying only the token's hash and shows the address with "Copy" and
// "Revoke"; a feed of one list names it; the 11th is refused at the form; signed out there is
// nothing to make. The task dialog's "Add to calendar" downloads the task as .ics (read back
// with ical.js).
import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import ICAL from 'ical.js';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DaybookDb, META, tasks } from '@/data';
import { tokenHash } from '@/data/links';
import type { OutboxEntry } from '@/domain/model';
import { renderRoutes } from './support/render-routes';
import { seedSharedList, signedIn, signOutForTests } from './support/sharing';

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  vi.restoreAllMocks();
  await signOutForTests();
});

const outbox = (db: DaybookDb): Promise<OutboxEntry[]> => db.outbox.toArray();

async function openSection() {
  const app = renderRoutes('/settings');
  const region = await screen.findByRole('region', { name: 'Calendar feed' });
  return { ...app, s: within(region) };
}

describe('Settings → Calendar feed', () => {
  it('"Create feed" queues one feed.create with the hash only and shows the address to copy; "Revoke" takes it away', async () => {
    const { db } = await signedIn();
    const { s, user } = await openSection();
    await user.type(s.getByRole('textbox', { name: 'Feed name' }), 'Everything');
    await user.click(s.getByRole('button', { name: 'Create feed' }));

    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    const [entry] = await outbox(db);
    expect(entry).toMatchObject({ name: 'feed.create', args: { kind: 'all', name: 'Everything' } });
    const args = entry!.args as { token_hash: string; options: { time_zone: string } };
    expect(args.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(args.options.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const item = await s.findByRole('listitem', { name: 'Everything' });
    const address = within(item).getByRole('textbox', { name: 'Everything feed address' }) as HTMLInputElement;
    const token = /\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(address.value)?.[1] ?? '';
    expect(address.value.startsWith(`${window.location.origin}/calendar/`)).toBe(true);
    // 32 random bytes (256 bits) in base64url; only its hash was queued
    expect(token).toHaveLength(43);
    expect(await tokenHash(token)).toBe(args.token_hash);
    expect(JSON.stringify(await outbox(db))).not.toContain(token);
    expect(within(item).getByText('Sent at the next sync')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Revoke' }));
    await waitFor(async () => expect((await outbox(db)).map((m) => m.name)).toEqual(['feed.create', 'feed.revoke']));
    await waitFor(() => expect(s.queryByRole('listitem')).toBeNull());
  }, 20_000);

  it('a feed of one list names the list', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', {});
    const { s, user } = await openSection();
    await user.selectOptions(s.getByRole('combobox', { name: 'Feed of' }), 'One list');
    await user.selectOptions(s.getByRole('combobox', { name: 'List' }), list.name);
    await user.click(s.getByRole('button', { name: 'Create feed' }));
    await waitFor(async () => expect(await outbox(db)).toHaveLength(1));
    expect((await outbox(db))[0]).toMatchObject({ name: 'feed.create', args: { kind: 'list', target_id: list.id, name: list.name } });
  });

  it('refuses an 11th feed with words at the form, queueing nothing', async () => {
    const { db } = await signedIn();
    const ten = Array.from({ length: 10 }, (_, n) => ({ id: `f-${n}`, kind: 'all', target_id: null, name: `Feed ${n}`, options: {}, created_at: new Date().toISOString() }));
    await db.meta.put({ key: META.feeds, value: ten });
    const { s, user } = await openSection();
    expect(await s.findAllByRole('listitem')).toHaveLength(10);
    // made on another device: no address here, but "Revoke"
    expect(within(s.getAllByRole('listitem')[0]!).queryByRole('button', { name: 'Copy' })).toBeNull();
    await user.click(s.getByRole('button', { name: 'Create feed' }));
    expect(await s.findByText('You can have at most 10 calendar feeds — revoke one first')).toBeInTheDocument();
    expect(await outbox(db)).toEqual([]);
  });

  it('signed out, says a feed needs an account and offers nothing to make', async () => {
    const { s } = await openSection();
    expect(s.getByText(/Sign in to make a calendar feed/)).toBeInTheDocument();
    expect(s.queryByRole('button', { name: 'Create feed' })).toBeNull();
  });
});

describe('task dialog → Add to calendar', () => {
  it('downloads the task as an .ics file that ical.js reads', async () => {
    await signedIn();
    const task = await tasks.create({ title: 'Dentist, then lunch', due_date: '2026-12-04', due_time: '15:30', notes: 'Bring the card' });
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:daybook-test';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(`/tasks/${task.id}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Task' }));
    await act(async () => {
      (await dialog.findByRole('button', { name: 'Add to calendar' })).click();
    });
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('Dentist-then-lunch.ics');
    const text = await blobs[0]!.text();
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(event!.summary).toBe('Dentist, then lunch');
    expect(event!.description).toBe('Bring the card');
    expect(event!.uid).toBe(`${task.id}@daybook`);
    expect(event!.duration.toSeconds()).toBe(1800);
  }, 20_000);
});
