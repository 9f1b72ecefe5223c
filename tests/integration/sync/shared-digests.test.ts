// Invitations and share links through the whole path — optimistic write, push, pull, rebase — on
// PGlite and PostgreSQL 15 (SPEC §9, §13.1): the app's caught-up pull is answered without them and
// the device keeps what it holds; a change reaches every device of both people; and a change the
// server refused leaves the device even when the server's set did not move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResult } from '@/domain/model';
import { readInvitations } from '@/data/db/invitations';
import { readLinks } from '@/data/db/links';
import { links } from '@/data/links';
import { invitations, lists, members } from '@/data/write';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { pullAll } from '../../helpers/server-sync';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';

/** A fetch that keeps every sync_pull answer. */
function recording(answers: PullResult[]): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/rpc/sync_pull') && res.ok) answers.push((await res.clone().json()) as PullResult);
    return res;
  };
}

describe.each(SERVER_KINDS)('invitations and links by digest, app to server, on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  /** The sets as the server has them now for the device's person. */
  const serverSets = async (d: Device) => {
    const last = (await pullAll(d.backend.supabase, crypto.randomUUID())).at(-1)!;
    return { invitations: last.invitations ?? [], links: last.links ?? [] };
  };
  const held = async (d: Device) => ({ invitations: await readInvitations(d.db), links: await readLinks(d.db) });

  it('a caught-up pull leaves them out and the device keeps them; an answer reaches every device of both people', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const answers: PullResult[] = [];
    const alice = await connectDevice(srv, a, 'alice');
    const bobPhone = await connectDevice(srv, b, 'bob-phone', { fetch: recording(answers) });
    const bobLaptop = await connectDevice(srv, b, 'bob-laptop');
    const list = await lists.create({ name: 'Allotment' }, alice.db);
    await members.invite(list.id, b.email, 'editor', alice.db);
    await links.create(list.id, 'viewer', 7, alice.db);
    await syncUntilQuiet([alice, bobPhone, bobLaptop]);
    expect((await readInvitations(bobPhone.db)).map((i) => i.list_id)).toEqual([list.id]);

    answers.length = 0;
    await bobPhone.sync();
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer).not.toHaveProperty('invitations');
      expect(answer).not.toHaveProperty('links');
    }
    for (const d of [alice, bobPhone, bobLaptop]) expect(await held(d)).toEqual(await serverSets(d));

    await invitations.decline(list.id, bobLaptop.db);
    await syncUntilQuiet([bobLaptop, alice, bobPhone]);
    expect(answers.some((answer) => answer.invitations?.length === 0)).toBe(true);
    for (const d of [alice, bobPhone, bobLaptop]) expect(await held(d)).toEqual(await serverSets(d));
    expect((await readInvitations(alice.db)).filter((i) => i.list_id === list.id)).toMatchObject([{ status: 'declined' }]);
    expect(await readInvitations(bobPhone.db)).toEqual([]);
  });

  it('a link the server refused leaves the device, though the server’s links did not change', async () => {
    const a = await signUpUser(srv);
    const phone = await connectDevice(srv, a, 'alice-phone');
    const laptop = await connectDevice(srv, a, 'alice-laptop');
    const list = await lists.create({ name: 'Allotment' }, phone.db);
    await syncUntilQuiet([phone, laptop]);
    // the phone deletes the list; the laptop, not told yet, makes a link to it
    await lists.delete(list.id, phone.db);
    await phone.sync();
    await links.create(list.id, 'viewer', 7, laptop.db);
    expect(await readLinks(laptop.db)).toHaveLength(1);
    await laptop.sync();
    await laptop.sync();
    expect(await laptop.db.refused.count()).toBe(1);
    expect(await held(laptop)).toEqual(await serverSets(laptop));
    expect(await readLinks(laptop.db)).toEqual([]);
  });
});
