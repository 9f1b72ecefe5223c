// A run's pull asks for the next page while the current one is being stored (src/sync/pull-pages.ts),
// yet stores pages strictly in order and moves the stored cursors only with a stored page: a run
// interrupted part-way (stopped, fenced off by another tab, or a failed request) resumes from the
// last page stored, with no row lost or stored twice. The real store over fake-indexeddb.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Identity } from '@/data';
import { createSyncStore } from '@/data/sync';
import { getCursors, setCursors } from '@/data/sync/meta';
import type { DaybookDb } from '@/data/db/schema';
import type { SyncStore } from '@/sync/ports';
import { type RunContext, syncRun } from '@/sync/run';
import { initialStuck } from '@/sync/stuck';
import { freshDb } from '../data/helpers';
import { noNetwork, PagingServer } from './fakes';



/** What the store was asked to apply, and the pulls the server had been sent when each apply began. */
interface Applied {
  first: number | undefined;
  pullsSent: number;
}

let db: DaybookDb;
let me: Identity;

beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

/** The Inbox's `n` tasks, paged with the refusal stream's cursor as a current server sends it. */
function pagingServer(n: number): PagingServer {
  const server = new PagingServer(me.inboxId, n);
  server.refusedAt = 0;
  return server;
}

/** The real store, with a hook run before each page is stored (`i`: the page's place in this store's applies). */
function watchedStore(applied: Applied[], server: PagingServer, before: (i: number) => Promise<void> | void = () => {}): SyncStore {
  const inner = createSyncStore(db);
  return {
    ...inner,
    async applyPull(page, sent) {
      const i = applied.length;
      applied.push({ first: page.tasks[0]?.version, pullsSent: server.pulls.length });
      await before(i);
      return inner.applyPull(page, sent);
    },
  };
}

/** A fresh run over the same database (a new leader, or the next run) to the end; what it stored. */
async function runAgain(server: PagingServer): Promise<Applied[]> {
  const again: Applied[] = [];
  const store = watchedStore(again, server);
  await store.claim();
  expect(await run(store, server)).toMatchObject({ kind: 'done' });
  return again;
}

/** After three pulls of a 35-task backlog left pages 1–20 stored: the next run asks from 20 on. */
async function expectResumedFrom20(server: PagingServer) {
  const again = await runAgain(server);
  expect(server.pulls.slice(3).map((p) => p.cursors[me.inboxId])).toEqual([20, 30]);
  expect(again.map((a) => a.first)).toEqual([21, 31]);
  expect(await storedVersions()).toEqual(range(35));
}

function run(store: SyncStore, server: PagingServer, stopped = () => false) {
  const ctx: RunContext = {
    store, transport: server, maxChanges: 200, maxPushChanges: 200, maxBytes: 1 << 20, pullLimit: 10, maxPullLimit: 10, now: () => 0, stopped,
    onClientId: () => {}, onProgress: () => {}, onPage: () => {}, stuck: initialStuck(),
  };
  return syncRun(ctx);
}

const storedVersions = async () => (await db.tasks.toArray()).map((t) => t.version).sort((a, b) => a - b);
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the next page is on its way while a page is stored', () => {
  it('each page after the first was asked for before the page before it was stored, with the cursors that page leaves', async () => {
    const server = pagingServer(35);
    const applied: Applied[] = [];
    const store = watchedStore(applied, server);
    await store.claim();
    expect(await run(store, server)).toMatchObject({ kind: 'done' });

    // pages stored strictly in order; while page k was being stored, the request for page k+1 was out
    expect(applied).toEqual([
      { first: 1, pullsSent: 2 },
      { first: 11, pullsSent: 3 },
      { first: 21, pullsSent: 4 },
      { first: 31, pullsSent: 4 }, // the last page (has_more false): nothing more to ask
    ]);
    expect(server.pulls.map((p) => p.cursors[me.inboxId] ?? 0)).toEqual([0, 10, 20, 30]);
    expect(server.pulls.map((p) => p.count ?? false)).toEqual([true, false, false, false]);
    expect(await storedVersions()).toEqual(range(35));
    expect(await getCursors(db)).toMatchObject({ [me.inboxId]: 35 });
  });

  it('a cursor moved on the device while the next page was on its way: that page is dropped and asked for again', async () => {
    const server = pagingServer(25);
    const applied: Applied[] = [];
    const inner = watchedStore(applied, server);
    const store: SyncStore = {
      ...inner,
      async applyPull(page, sent) {
        const outcome = await inner.applyPull(page, sent);
        // as a refusal does: the Inbox is pulled from scratch again
        if (applied.length === 1) await setCursors({ ...(await getCursors(db)), [me.inboxId]: 0 }, db);
        return outcome;
      },
    };
    await store.claim();
    expect(await run(store, server)).toMatchObject({ kind: 'done' });
    // the prefetch (asked from 10) was not stored; the pull went on from 0
    expect(server.pulls.map((p) => p.cursors[me.inboxId] ?? 0)).toEqual([0, 10, 0, 10, 20]);
    expect(applied.map((a) => a.first)).toEqual([1, 1, 11, 21]);
    expect(await storedVersions()).toEqual(range(25));
  });

  it('a page that moves the refusal stream is stored before the next is asked for (asking past it tells the server to forget it)', async () => {
    const server = pagingServer(25);
    server.refusedAt = 7;
    const applied: Applied[] = [];
    const store = watchedStore(applied, server);
    await store.claim();
    expect(await run(store, server)).toMatchObject({ kind: 'done' });
    expect(applied.map((a) => a.pullsSent)).toEqual([1, 3, 3]);
    expect(server.pulls.map((p) => p.cursors.refused)).toEqual([0, 7, 7]);
    expect(await storedVersions()).toEqual(range(25));
  });
});

describe('an interrupted pull resumes from the last page stored', () => {
  it('stopped while a page is stored: that page is kept, the page already on its way is not, and the next run asks for it again', async () => {
    const server = pagingServer(35);
    const applied: Applied[] = [];
    let stopped = false;
    const store = watchedStore(applied, server, (i) => {
      if (i === 1) stopped = true;
    });
    await store.claim();
    expect(await run(store, server, () => stopped)).toMatchObject({ kind: 'stopped' });
    expect(server.pulls).toHaveLength(3); // page 3 was asked for while page 2 was stored…
    expect(await storedVersions()).toEqual(range(20)); // …and dropped
    expect(await getCursors(db)).toMatchObject({ [me.inboxId]: 20 });

    await expectResumedFrom20(server);
  });

  it('another tab takes the database while a page is on its way: the fenced run stores nothing more, the new leader goes on from the last page stored', async () => {
    const server = pagingServer(45);
    const applied: Applied[] = [];
    const store = watchedStore(applied, server, async (i) => {
      if (i === 1) await createSyncStore(db).claim();
    });
    await store.claim();
    expect(await run(store, server)).toMatchObject({ kind: 'fenced' });
    expect(server.pulls).toHaveLength(3);
    expect(await storedVersions()).toEqual(range(10));
    expect(await getCursors(db)).toMatchObject({ [me.inboxId]: 10 });

    const again = await runAgain(server);
    expect(again.map((a) => a.first)).toEqual([11, 21, 31, 41]);
    expect(await storedVersions()).toEqual(range(45));
  });

  it('the page on its way fails: the pages before it stay stored and the next run asks for it from their cursors', async () => {
    const server = pagingServer(35);
    server.fail.set(2, noNetwork);
    const applied: Applied[] = [];
    const store = watchedStore(applied, server);
    await store.claim();
    expect(await run(store, server)).toMatchObject({ kind: 'failed', failure: { reason: 'network' } });
    expect(applied.map((a) => a.first)).toEqual([1, 11]);
    expect(await storedVersions()).toEqual(range(20));

    await expectResumedFrom20(server);
  });
});
