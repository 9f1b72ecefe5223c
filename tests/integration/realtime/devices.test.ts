// Live updates between devices, end to end: the real backend's poke subscription drives the
// real engine. A change shows up on the other device through a poke-triggered pull, long
// before the periodic run could; a poke that is lost (dropped at the seam we own) costs
// nothing, the next periodic run (the clock driven by the test) brings the change.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/data/db/database';
import { getClientId } from '@/data';
import { invitations, lists, members, tasks } from '@/data/write';
import { getTask } from '@/data/read/queries';
import { realClock } from '@/sync/environment';
import { PERIODIC_MS, POKE_DELAY_MS } from '@/sync/schedule';
import { SteppedClock } from '../../helpers/realtime';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { appStorage, openApp } from '../../helpers/sync-app';
import { connectDevice, type Device } from '../../helpers/sync-device';

const waitLong = { timeout: 15_000 };

describe.each(SERVER_KINDS)('live updates on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  /** Waits until the device is subscribed and its engine idle. */
  async function settled(d: Device) {
    await vi.waitFor(() => expect(d.pokes?.resubscribed).toBeGreaterThanOrEqual(1), waitLong);
    await vi.waitFor(() => expect(d.engine.getStatus().status).toBe('synced'), waitLong);
  }

  it('device B shows device A’s change through a poke-triggered pull, without waiting for the periodic run', async () => {
    const user = await signUpUser(srv);
    const phone = await connectDevice(srv, user, 'phone');
    const laptop = await connectDevice(srv, user, 'laptop', { clock: realClock, realtime: true });
    await settled(laptop);
    const pulls = laptop.transport.log.length;

    const task = await tasks.create({ title: 'Call the plumber' }, phone.db);
    await phone.sync();
    // the periodic run is 60 s away: only a poke can bring it this soon
    await vi.waitFor(async () => expect((await getTask(task.id, laptop.db))?.title).toBe('Call the plumber'), waitLong);
    expect(laptop.pokes!.delivered).toContainEqual({ listId: user.userId, clientId: await getClientId(phone.db) });
    expect(laptop.transport.log.slice(pulls).map((l) => l.kind)).toContain('pull');
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('a poke lost on the way costs nothing: the next periodic run brings the change', async () => {
    const user = await signUpUser(srv);
    const phone = await connectDevice(srv, user, 'phone');
    const clock = new SteppedClock();
    const laptop = await connectDevice(srv, user, 'laptop', { clock, realtime: true });
    clock.advance(0); // the run at start
    await vi.waitFor(() => expect(laptop.pokes!.resubscribed).toBe(1), waitLong);
    // subscribing asks for a catch-up run; one asked for while the start run is still going waits
    // for it to end (its timer then fires at once), so the clock steps only after the start run
    await vi.waitFor(() => expect(laptop.engine.getStatus().status).toBe('synced'), waitLong);
    clock.advance(POKE_DELAY_MS); // the catch-up run after subscribing
    await vi.waitFor(() => expect(laptop.transport.log.map((l) => l.kind)).toEqual(['pull', 'pull']), waitLong);
    await vi.waitFor(() => expect(laptop.engine.getStatus().status).toBe('synced'), waitLong);

    laptop.pokes!.drop = true;
    const task = await tasks.create({ title: 'Pay rent' }, phone.db);
    await phone.sync();
    await vi.waitFor(() => expect(laptop.pokes!.received.length).toBeGreaterThanOrEqual(1), waitLong);
    clock.advance(10 * POKE_DELAY_MS);
    // no run started (a run starts synchronously from its timer): the poke never reached the engine
    expect(laptop.engine.getStatus().status).toBe('synced');
    expect(laptop.transport.log).toHaveLength(2);
    expect(await getTask(task.id, laptop.db)).toBeNull();

    clock.advance(PERIODIC_MS);
    await vi.waitFor(async () => expect((await getTask(task.id, laptop.db))?.title).toBe('Pay rent'), waitLong);
    expect(laptop.transport.log).toHaveLength(3);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('after the socket drops, resubscribing pulls what was missed meanwhile', async () => {
    const user = await signUpUser(srv);
    const phone = await connectDevice(srv, user, 'phone');
    const laptop = await connectDevice(srv, user, 'laptop', { clock: realClock, realtime: true });
    await settled(laptop);
    await laptop.backend.supabase.realtime.disconnect(); // the client resubscribes by itself
    const task = await tasks.create({ title: 'Water the plants' }, phone.db);
    await phone.sync();
    await vi.waitFor(() => expect(laptop.pokes!.resubscribed).toBeGreaterThanOrEqual(2), waitLong);
    await vi.waitFor(async () => expect((await getTask(task.id, laptop.db))?.title).toBe('Water the plants'), waitLong);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('the app (sync facade) follows pokes: Bob sees Alice’s edit to their shared list', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const storage = appStorage();
    const app = await openApp(srv, storage, { clock: realClock });
    expect((await app.sync.signIn(b.email, b.password)).ok).toBe(true);
    await vi.waitFor(() => expect(app.sync.getStatus().status).toBe('synced'), waitLong);

    const list = await lists.create({ name: 'Weekend' }, alice.db);
    await members.invite(list.id, b.email, 'editor', alice.db);
    const task = await tasks.create({ title: 'Pack the tent', list_id: list.id }, alice.db);
    await alice.sync();
    await invitations.accept(list.id, getDb());
    await vi.waitFor(async () => expect((await getTask(task.id, getDb()))?.title).toBe('Pack the tent'), waitLong);
    await app.sync.stop();
    await app.backend.supabase.removeAllChannels();
    await alice.close();
  });
});
