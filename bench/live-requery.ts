// Which live queries run again after a write (write → screen). Subscribes the live
// queries the Today screen holds open — the screen's own, the sidebar's, the reminder
// scheduler's, and per task row its identity and members (useListRole) — then edits one task's
// title at a time and counts, per write, the queries that ran again, what they cost, and the
// time until Today's query holds the new title. Node on fake-indexeddb, like
// bench/data-live-query.ts: absolute times are not a browser's; the counts are the point.
// Run: npx tsx bench/live-requery.ts   (env BENCH_TASKS, default 1000; BENCH_WRITES, default 30)
import 'fake-indexeddb/auto';
import {
  getDb,
  getIdentity,
  listLists,
  listMembers,
  listSharing,
  loadReminderInputs,
  observe,
  openTaskCounts,
  outboxCount,
  stepCounts,
  tasks,
  todayTasks,
  toTaskRow,
} from '../src/data/index.ts';
import { lists } from '../src/data/write/index.ts';
import type { Task } from '../src/domain/model.ts';
import { positionsBetween } from '../src/lib/order.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const WRITES = Number(process.env.BENCH_WRITES ?? 30);
const db = getDb();
await db.open();
const inbox = (await db.meta.get('user_id'))?.value as string;
const today = new Date().toISOString().slice(0, 10);

const listIds = [inbox];
for (let i = 0; i < 4; i++) listIds.push((await lists.create({ name: `List ${i}`, color: 'blue' }, db)).id);
const now = new Date().toISOString();
const positions = positionsBetween(null, null, TASKS);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
await db.tasks.bulkPut(
  positions.map((position, i) =>
    toTaskRow({
      id: crypto.randomUUID(), list_id: listIds[i % listIds.length]!, title: `seed ${i}`, notes: '',
      // one in 50 due today, the rest spread over the year ahead or undated
      due_date: i % 50 === 0 ? today : i % 10 === 0 ? null : day(1 + (i % 300)), due_time: null,
      priority: 0, done: false, done_at: null, position, created_by: inbox, created_at: now, updated_at: now,
      deleted_at: null, version: 0, repeat: null, repeat_anchor: null,
    } as Task),
  ),
);

interface Watched {
  name: string;
  runs: number;
  ms: number;
}
const watched: Watched[] = [];
let latestToday: { overdue: Task[]; today: Task[] } | null = null;
let onToday: (() => void) | null = null;
function watch<T>(name: string, query: () => Promise<T>, onValue?: (value: T) => void): () => void {
  const w: Watched = { name, runs: 0, ms: 0 };
  watched.push(w);
  return observe(
    async () => {
      const t0 = performance.now();
      const value = await query();
      w.runs++;
      w.ms += performance.now() - t0;
      return value;
    },
    (value) => onValue?.(value),
  );
}

const first = await todayTasks(today, db);
const rows = [...first.overdue, ...first.today];
if (!rows.length) throw new Error('BENCH_TASKS must be at least 1: one task in 50 is due today, and the writes edit those');
const stops = [
  watch('todayTasks (Today screen)', () => todayTasks(today, db), (v) => {
    latestToday = v;
    onToday?.();
  }),
  watch('listLists (useListsById)', () => listLists(db)),
  watch('listLists (sidebar)', () => listLists(db)),
  watch('stepCounts (Today screen)', () => stepCounts(rows.map((t) => t.id), db)),
  watch('openTaskCounts (sidebar)', () => openTaskCounts(db)),
  watch('listSharing (sidebar)', () => listSharing(db)),
  watch('outboxCount', () => outboxCount(db)),
  watch('loadReminderInputs (scheduler)', () => loadReminderInputs(db)),
  ...rows.flatMap((t) => [
    watch('getIdentity (a row)', () => getIdentity(db)),
    watch('listMembers (a row)', () => listMembers(t.list_id, db)),
  ]),
];
// every query has delivered its first result and nothing has run for 300 ms
for (let quiet = 0, last = -1; quiet < 3; ) {
  await new Promise((r) => setTimeout(r, 100));
  const runs = watched.reduce((n, w) => n + w.runs, 0);
  quiet = runs === last && watched.every((w) => w.runs > 0) ? quiet + 1 : 0;
  last = runs;
}

const before = new Map(watched.map((w) => [w, { runs: w.runs, ms: w.ms }]));
const latency: number[] = [];
// writes after which more queries ran than the usual, with how many
const broad: string[] = [];
for (let i = 0; i < WRITES; i++) {
  const runsBefore = watched.reduce((n, w) => n + w.runs, 0);
  const task = rows[i % rows.length]!;
  const title = `edited ${i}`;
  const t0 = performance.now();
  const seen = new Promise<void>((resolve) => {
    onToday = () => {
      if (latestToday?.today.some((t) => t.id === task.id && t.title === title)) resolve();
    };
  });
  await tasks.update(task.id, { title }, db);
  await seen;
  latency.push(performance.now() - t0);
  // let every other query that was invalidated finish before the next write
  await new Promise((r) => setTimeout(r, 100));
  const ran = watched.reduce((n, w) => n + w.runs, 0) - runsBefore;
  if (ran > 3) broad.push(`write ${i + 1}: ${ran}`);
}
for (const stop of stops) stop();

const groups = new Map<string, { subs: number; reran: number; runs: number; ms: number }>();
for (const w of watched) {
  const b = before.get(w)!;
  const g = groups.get(w.name) ?? { subs: 0, reran: 0, runs: 0, ms: 0 };
  g.subs++;
  g.runs += w.runs - b.runs;
  g.ms += w.ms - b.ms;
  if (w.runs > b.runs) g.reran++;
  groups.set(w.name, g);
}
latency.sort((a, b) => a - b);
console.log(`${TASKS} tasks, ${rows.length} rows on Today, ${watched.length} live queries open; ${WRITES} title edits of a row on Today`);
console.log(`write → Today's query holds the new title: median ${latency[Math.floor(latency.length / 2)]!.toFixed(2)} ms, p95 ${latency[Math.floor(latency.length * 0.95)]!.toFixed(2)} ms`);
console.log('| query | open | runs per write | ms per write (query time) |\n|---|---|---|---|');
let total = 0;
let totalMs = 0;
for (const [name, g] of groups) {
  total += g.runs;
  totalMs += g.ms;
  console.log(`| ${name} | ${g.subs} | ${(g.runs / WRITES).toFixed(2)} | ${(g.ms / WRITES).toFixed(2)} |`);
}
console.log(`| all | ${watched.length} | ${(total / WRITES).toFixed(2)} | ${(totalMs / WRITES).toFixed(2)} |`);
console.log(`writes after which more than 3 queries ran: ${broad.join(', ') || 'none'}`);
