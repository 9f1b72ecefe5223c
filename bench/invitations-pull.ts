// What a person's invitations and share links add to every sync_pull (SPEC §13.1). The pull is
// asked as the app asks it, with the digests of the sets the device holds among the cursors
// (`invitations`, `links`: 0 at first), so a caught-up page carries them only if they changed; a
// server from before digests ignores those keys and answers both whole on every page.
// Three people in one database, each owning 100 lists: `plain` has nothing else (a pull as it was
// before invitations, which an older commit can't be run beside); `invited` also has N pending
// invitations addressed to them (to other people's lists) and one outgoing per own list;
// `linked` has those and 5 live share links on each of their lists (500). One page from scratch
// and one caught-up page (cursors at the end: the common pull after a poke) per person, the three
// alternated in each round so load drifts hit all of them; medians and p90 of the rounds.
// Run: npx tsx bench/invitations-pull.ts pglite|pg   (env BENCH_INVITES (100), BENCH_ROUNDS (31))
import { createHash, randomUUID } from 'node:crypto';
import { listCreate, newId, pull, pushOk, signUpUser, type TestUser } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const INVITES = Number(process.env.BENCH_INVITES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const LISTS = 100;
const { srv, done } = await benchServer(kind);

/** A person with LISTS lists of their own; their ids. */
async function withLists(user: TestUser): Promise<string[]> {
  const ids = Array.from({ length: LISTS }, () => newId());
  await pushOk(user.client, newId(), ids.map((id, i) => listCreate(i + 1, id, `List ${i}`)));
  return ids;
}

try {
  const [plain, invited, linked, inviter] = [await signUpUser(srv), await signUpUser(srv), await signUpUser(srv), await signUpUser(srv)];
  const lists = new Map<TestUser, string[]>();
  for (const u of [plain, invited, linked, inviter]) lists.set(u, await withLists(u));
  const theirs = lists.get(inviter)!;
  for (const u of [invited, linked]) {
    // incoming: pending invitations to other people's lists (the inviter's, cycling if N > 100)
    for (let i = 0; i < INVITES; i++) {
      await srv.sql.query(
        `insert into public.list_invitations (list_id, email, role, invited_by) values ($1, $2, 'editor', $3)`,
        [theirs[i % LISTS], i < LISTS ? u.email : `${i}-${u.email}`, inviter.userId],
      );
    }
    // outgoing: one pending invitation on each of their own lists
    for (const listId of lists.get(u)!) {
      await srv.sql.query(`insert into public.list_invitations (list_id, email, role, invited_by) values ($1, $2, 'viewer', $3)`, [
        listId,
        `someone-${randomUUID().slice(0, 8)}@example.test`,
        u.userId,
      ]);
    }
  }
  for (const listId of lists.get(linked)!) {
    for (let k = 0; k < 5; k++) {
      await srv.sql.query(
        `insert into public.list_links (id, list_id, role, token_hash, created_by, expires_at) values ($1, $2, 'viewer', $3, $4, now() + interval '7 days')`,
        [randomUUID(), listId, createHash('sha256').update(randomUUID()).digest('hex'), linked.userId],
      );
    }
  }

  const people = { plain, invited, linked } as const;
  const ends = new Map<TestUser, Record<string, number>>();
  const sizes = new Map<TestUser, { invitations: number; links: number; bytes: number }>();
  for (const u of Object.values(people)) {
    const client = newId();
    let cursors: Record<string, number> = { refused: 0, invitations: 0, links: 0 };
    const held = { invitations: 0, links: 0 };
    for (;;) {
      const { data, error } = await pull(u.client, client, cursors, 1000);
      if (error || !data) throw new Error(error?.message);
      cursors = { ...cursors, ...data.cursors };
      if (data.invitations) held.invitations = data.invitations.length;
      if (data.links) held.links = data.links.length;
      if (!data.has_more) break;
    }
    ends.set(u, cursors);
    const { data } = await pull(u.client, client, cursors, 1000);
    sizes.set(u, { ...held, bytes: JSON.stringify(data).length });
  }

  const time = async (u: TestUser, cursors: Record<string, number>) => {
    const t = performance.now();
    const { error } = await pull(u.client, newId(), cursors, 1000);
    if (error) throw new Error(error.message);
    return performance.now() - t;
  };
  const runs: Record<string, { scratch: number[]; caughtUp: number[] }> = {};
  for (const name of Object.keys(people)) runs[name] = { scratch: [], caughtUp: [] };
  for (let r = -2; r < ROUNDS; r++) {
    for (const [name, u] of Object.entries(people)) {
      const scratch = await time(u, { refused: 0, invitations: 0, links: 0 });
      const caughtUp = await time(u, ends.get(u)!);
      if (r >= 0) {
        runs[name]!.scratch.push(scratch);
        runs[name]!.caughtUp.push(caughtUp);
      }
    }
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${fmt(percentile(s, 50), 1)} ms (p90 ${fmt(percentile(s, 90), 1)})`;
  };
  for (const [name, u] of Object.entries(people)) {
    const size = sizes.get(u)!;
    console.log(
      `[${kind}] ${name.padEnd(7)} 100 lists, ${size.invitations} invitations, ${size.links} links (caught-up page ${fmt(size.bytes / 1024, 1)} KB): from scratch ${stat(runs[name]!.scratch)}; caught up ${stat(runs[name]!.caughtUp)}`,
    );
  }
  console.log(`[${kind}] ${ROUNDS} rounds, the three people alternated in each`);
} finally {
  await done();
}
