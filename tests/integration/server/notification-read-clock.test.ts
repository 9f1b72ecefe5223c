// "Mark all as read" (SPEC §17) on a device whose clock runs behind the server's, on PGlite and
// PostgreSQL 15, through devices that write, push and pull as the app does: every notification
// the device held ends up read on the server and on the person's other device; one the server
// made after the device's last pull, which the person never saw, stays unread; a device holding
// nothing unread sends nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invitations, lists, members, notifications, tasks } from '@/data/write';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';

/** How far the phone's clock runs behind the server's. */
const BEHIND_MS = 2 * 60 * 60_000;

/** Runs `body` with the device's clock (Date, nothing else) set `BEHIND_MS` behind real time. */
async function withClockBehind<T>(body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - BEHIND_MS });
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

describe.each(SERVER_KINDS)('"Mark all as read" with a device clock behind the server on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());
  afterEach(() => vi.useRealTimers());

  const unreadOnServer = async (userId: string) =>
    (await srv.sql.query<{ n: number }>('select count(*)::int as n from public.notifications where recipient = $1 and read_at is null', [userId]))[0]!.n;
  const unreadHeld = (d: Device) => d.db.notifications.where('[unread+at]').between([1, ''], [1, '\uffff']).count();

  it('marks every notification the device holds, on the server and on the person’s other device', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const phone = await connectDevice(srv, b, 'phone');
    const laptop = await connectDevice(srv, b, 'laptop');
    const list = await lists.create({ name: 'House', color: 'green' }, alice.db);
    await members.invite(list.id, b.email, 'editor', alice.db);
    await syncUntilQuiet([alice, phone]);
    await invitations.accept(list.id, phone.db);
    await syncUntilQuiet([alice, phone]);
    for (const title of ['Water the plants', 'Fix the tap', 'Take out the bins']) {
      await tasks.create({ title, list_id: list.id, assignee: b.userId }, alice.db);
    }
    await syncUntilQuiet([alice, phone, laptop]);
    expect(await unreadHeld(phone)).toBe(4);
    expect(await unreadHeld(laptop)).toBe(4);

    // made after the phone's last pull: the person has not seen it there
    await tasks.create({ title: 'Sweep the porch', list_id: list.id, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice]);

    await withClockBehind(() => notifications.readAll(phone.db));
    expect(await unreadHeld(phone)).toBe(0);
    const [mark] = await phone.db.outbox.toArray();
    const newestHeld = (await phone.db.notifications.orderBy('at').last())!.at;
    // the server's own time of the newest held one, microseconds and all
    expect(mark).toMatchObject({ name: 'notification.read_all', args: { before: newestHeld } });

    await syncUntilQuiet([alice, phone, laptop]);
    // made in one push, the first three share their time: compared as title → read
    const rows = await srv.sql.query<{ title: string; read: boolean }>(
      `select coalesce(payload ->> 'title', payload ->> 'list_name') as title, read_at is not null as read from public.notifications where recipient = $1`,
      [b.userId],
    );
    const expected = { House: true, 'Water the plants': true, 'Fix the tap': true, 'Take out the bins': true, 'Sweep the porch': false };
    expect(Object.fromEntries(rows.map((r) => [r.title, r.read]))).toEqual(expected);
    expect(await unreadOnServer(b.userId)).toBe(1);
    for (const d of [phone, laptop]) {
      const held = await d.db.notifications.toArray();
      expect(Object.fromEntries(held.map((n) => [n.payload.title ?? n.payload.list_name, n.read_at !== null]))).toEqual(expected);
    }
  });

  it('sends nothing when the device holds nothing unread', async () => {
    const b = await signUpUser(srv);
    const phone = await connectDevice(srv, b, 'phone');
    await syncUntilQuiet([phone]);
    await withClockBehind(() => notifications.readAll(phone.db));
    expect(await phone.db.outbox.count()).toBe(0);
  });
});
