// sync_pull's optional count (p_count): `remaining` = the rows still to come past the returned
// cursors, what a progress bar needs on a device's first sync. Checked against what the later
// pages actually bring, with every kind of row (lists, members, tasks, departures) and a list
// shared by someone else; callers that do not ask see the answer they always did.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pull, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

type Counted = PullResult & { remaining?: number };

async function pullCounted(client: SupabaseClient, clientId: string, cursors: Record<string, number>, limit: number): Promise<Counted> {
  const { data, error } = await client.rpc('sync_pull', { p_client_id: clientId, p_cursors: cursors, p_limit: limit, p_count: true });
  if (error || !data) throw new Error(`pull failed: ${error?.message}`);
  return data as Counted;
}

/** Every page from `cursors`, each asked for its count. */
async function pullAllCounted(client: SupabaseClient, clientId: string, cursors: Record<string, number>, limit: number) {
  const pages: Counted[] = [];
  let cur = cursors;
  for (let i = 0; i < 1000; i++) {
    const page = await pullCounted(client, clientId, cur, limit);
    pages.push(page);
    cur = page.cursors;
    if (!page.has_more) break;
  }
  return pages;
}

const rows = (p: PullResult) => p.lists.length + p.members.length + p.tasks.length + p.departed.length;

/** Each page's `remaining` against the rows the pages after it really brought. */
function expectTrueCounts(pages: Counted[]) {
  pages.forEach((page, i) => {
    const toCome = pages.slice(i + 1).reduce((n, p) => n + rows(p), 0);
    expect({ page: i, remaining: page.remaining }).toEqual({ page: i, remaining: toCome });
  });
  expect(pages.at(-1)!.remaining).toBe(0);
}

describe.each(SERVER_KINDS)('pull count on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const shared = newId();
  const own = newId();
  const moved: string[] = [];
  beforeAll(async () => {
    srv = await startTestServer(kind);
    [alice, bob] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    // Bob's list shared with Alice, Alice's own list and her Inbox; a few tasks moved out of the
    // shared list (departures) and one deleted (a tombstone is a row too).
    const b = newId();
    let m = 1;
    await pushOk(bob.client, b, [
      listCreate(m++, shared, 'Shared'),
      { id: m++, name: 'member.invite', args: { list_id: shared, email: alice.email, role: 'editor' } },
    ]);
    await acceptInvitations(alice.client, shared);
    const a = newId();
    let n = 1;
    await pushOk(alice.client, a, [listCreate(n++, own, 'Own')]);
    const creates: RawMutation[] = [];
    for (let i = 0; i < 90; i++) {
      const id = newId();
      const list = [shared, own, alice.userId][i % 3]!;
      if (list === shared && moved.length < 5) moved.push(id);
      creates.push(taskCreate(n++, id, list, `t${i}`));
    }
    await pushOk(alice.client, a, creates);
    await pushOk(alice.client, a, [
      ...moved.map((id) => ({ id: n++, name: 'task.update', args: { id, patch: { list_id: own } } })),
      { id: n++, name: 'task.delete', args: { id: moved[0]! } },
    ]);
    // Bob's private list: none of it may be counted for Alice
    const bobs = newId();
    const answer = await pushOk(bob.client, b, [listCreate(m++, bobs, 'Bob only'), ...Array.from({ length: 30 }, (_, i) => taskCreate(m++, newId(), bobs, `b${i}`))]);
    expect(answer.results.every((r) => r.status === 'applied')).toBe(true);
  });
  afterAll(() => srv?.stop());

  it('each page counts exactly the rows the later pages bring, of every kind, reaching 0 on the last', async () => {
    const pages = await pullAllCounted(alice.client, newId(), {}, 17);
    expect(pages.length).toBeGreaterThan(4);
    const all = pages.flatMap((p) => [p.lists, p.members, p.tasks, p.departed]);
    expect(pages.some((p) => p.departed.length > 0) && pages.some((p) => p.members.length > 0)).toBe(true);
    expect(all.flat().length).toBe(pages.reduce((n, p) => n + rows(p), 0));
    expectTrueCounts(pages);
    // the first page's rows plus its count are the whole backlog
    expect(rows(pages[0]!) + pages[0]!.remaining!).toBe(pages.reduce((n, p) => n + rows(p), 0));
  });

  it('counts from the cursors given: an incremental pull counts only what changed since', async () => {
    const client = newId();
    const first = await pullAllCounted(alice.client, client, {}, 1000);
    expect(first).toHaveLength(1);
    expect(first[0]!.remaining).toBe(0);
    const cursors = first[0]!.cursors;

    const a = newId();
    const edits: RawMutation[] = Array.from({ length: 12 }, (_, i) => taskCreate(i + 1, newId(), own, `new ${i}`));
    await pushOk(alice.client, a, edits);
    const pages = await pullAllCounted(alice.client, client, cursors, 5);
    expect(pages.reduce((n, p) => n + rows(p), 0)).toBe(12);
    expect(rows(pages[0]!) + pages[0]!.remaining!).toBe(12);
    expectTrueCounts(pages);
  });

  it('a page that holds everything says 0 (nothing is counted when no page follows)', async () => {
    const client = newId();
    const whole = await pullAllCounted(alice.client, client, {}, 1000);
    const total = rows(whole[0]!);
    const exact = await pullCounted(alice.client, newId(), {}, total);
    expect(exact.has_more).toBe(false);
    expect(exact.remaining).toBe(0);
    const short = await pullCounted(alice.client, newId(), {}, total - 1);
    expect(short.has_more).toBe(true);
    expect(short.remaining).toBe(1);
  });

  it('without p_count the answer has no count (existing callers see the same answer)', async () => {
    const { data, error } = await pull(alice.client, newId(), {}, 10);
    expect(error).toBeNull();
    expect(data!.has_more).toBe(true);
    expect(data).not.toHaveProperty('remaining');
    const { data: off } = await alice.client.rpc('sync_pull', { p_client_id: newId(), p_cursors: {}, p_limit: 10, p_count: false });
    expect(off).not.toHaveProperty('remaining');
    expect(Object.keys(off as object).sort()).toEqual(Object.keys(data as object).sort());
  });
});
