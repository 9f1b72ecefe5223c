// How big one sync_pull page may be (SPEC §15): a first sync or a long backlog may ask for up to
// 5,000 rows, and a page stays within 2 MiB of JSON — a page that would pass it ends earlier with
// has_more, and the pages after it bring the rest, each row once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pull, pullAll, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

const MAX_ROWS = 5000;
const MAX_BYTES = 2 * 1024 * 1024;

const rows = (p: PullResult) => p.lists.length + p.members.length + p.tasks.length + p.departed.length;

/** `n` tasks in the user's Inbox, pushed in batches of `per`; their ids in order. */
async function seed(user: TestUser, n: number, per: number, extra: Record<string, unknown> = {}): Promise<string[]> {
  const client = newId();
  const ids = Array.from({ length: n }, () => newId());
  for (let from = 0; from < n; from += per) {
    const batch: RawMutation[] = ids.slice(from, from + per).map((id, i) => taskCreate(from + i + 1, id, user.userId, `t${from + i}`, extra));
    await pushOk(user.client, client, batch);
  }
  return ids;
}

describe.each(SERVER_KINDS)('pull page size on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('a page of 5,000 rows is given; a limit over 5,000 gives 5,000; the next page brings the rest', async () => {
    const user = await signUpUser(srv);
    // small rows, so the row limit binds before the bytes: 50 tasks with 100 steps each
    const client = newId();
    const taskIds = Array.from({ length: 50 }, () => newId());
    const changes: RawMutation[] = taskIds.map((id, i) => taskCreate(i + 1, id, user.userId, `t${i}`));
    const stepIds: string[] = [];
    for (const taskId of taskIds) {
      for (let j = 0; j < 100; j++) {
        const id = newId();
        stepIds.push(id);
        changes.push({ id: changes.length + 1, name: 'step.create', args: { id, task_id: taskId, title: `s${j}`, position: `a${String(j).padStart(3, '0')}` } });
      }
    }
    for (let from = 0; from < changes.length; from += 1000) await pushOk(user.client, client, changes.slice(from, from + 1000));

    const full = await pull(user.client, newId(), {}, MAX_ROWS);
    expect(full.error).toBeNull();
    expect(rows(full.data!) + (full.data!.steps ?? []).length).toBe(MAX_ROWS);
    expect(full.data!.has_more).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(full.data))).toBeLessThanOrEqual(MAX_BYTES);

    const over = await pull(user.client, newId(), {}, MAX_ROWS + 1);
    expect(over.error).toBeNull();
    expect(rows(over.data!) + (over.data!.steps ?? []).length).toBe(MAX_ROWS);

    const rest = await pull(user.client, newId(), full.data!.cursors, MAX_ROWS);
    expect(rest.data!.has_more).toBe(false);
    const steps = [...(full.data!.steps ?? []), ...(rest.data!.steps ?? [])].map((s) => s.id);
    expect(steps.sort()).toEqual([...stepIds].sort());
    expect([...full.data!.tasks, ...rest.data!.tasks].map((t) => t.id)).toEqual(taskIds);
  });

  it('a page that would pass 2 MiB ends earlier with has_more; the pages bring every row once, in order', async () => {
    const user = await signUpUser(srv);
    // 300 tasks of about 20 KB each (two-byte characters): about 6 MiB, a few rows over each page's bound
    const ids = await seed(user, 300, 40, { notes: 'é'.repeat(10_000) });
    // ordinary tasks (about 480 bytes each) fill 2 MiB before 5,000 rows: the bytes bind
    const plain = await signUpUser(srv);
    await seed(plain, MAX_ROWS, 1000);
    const bound = await pull(plain.client, newId(), {}, MAX_ROWS);
    expect(bound.data!.has_more).toBe(true);
    expect(rows(bound.data!)).toBeGreaterThan(3000);
    expect(rows(bound.data!)).toBeLessThan(MAX_ROWS);
    expect(Buffer.byteLength(JSON.stringify(bound.data))).toBeLessThanOrEqual(MAX_BYTES);
    const client = newId();

    const first = await pull(user.client, client, {}, 1000);
    expect(first.error).toBeNull();
    expect(first.data!.has_more).toBe(true);
    expect(first.data!.tasks.length).toBeGreaterThan(1);
    expect(first.data!.tasks.length).toBeLessThan(300);
    expect(Buffer.byteLength(JSON.stringify(first.data))).toBeLessThanOrEqual(MAX_BYTES);

    const pages = await pullAll(user.client, client, {}, MAX_ROWS);
    expect(pages.length).toBeGreaterThan(2);
    // a page cut by bytes still counts what is left past it (for the progress bar)
    const counted = await user.client.rpc('sync_pull', { p_client_id: newId(), p_cursors: {}, p_limit: MAX_ROWS, p_count: true });
    const total = pages.reduce((n, p) => n + rows(p), 0);
    expect(counted.data.remaining).toBe(total - rows(counted.data));
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(MAX_BYTES);
    const versions = pages.flatMap((p) => p.tasks.map((t) => t.version));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(pages.flatMap((p) => p.tasks.map((t) => t.id))).toEqual(ids);
  });
});
