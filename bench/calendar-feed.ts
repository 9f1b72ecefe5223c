// A calendar feed (SPEC §19) under its limits: one person with 5,000 open dated tasks in 5 lists
// (a fifth timed, a tenth repeating weekly, a tenth with a deadline, one in twenty with a
// reminder), one feed of all of them. Timed over HTTP against the stand-in, as a calendar app
// fetches it: GET /calendar/<token>.ics answered in full (200: the SQL selection, the iCalendar
// writer and ~2 MB sent), and answered 304 to its ETag; the request counter is reset between
// rounds (outside the timing) so the hourly limit never answers instead. Apart: calendar_feed()
// alone inside the database, and the writer alone. Then the cost of 100 feeds polled every 15
// minutes: CPU of this process (server and client) plus the database's time per request, for all
// 200s (every poll finds a change) and for the common case (one poll in four does).
// Run: npx tsx bench/calendar-feed.ts pg|pglite   (env BENCH_ROUNDS (31))
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { listCreate, newId, pushOk, signUpUser } from '../tests/helpers/index.ts';
import { calendarWords } from '../supabase/functions/_shared/calendar/calendar-words.ts';
import { writeCalendar, type FeedTask } from '../supabase/functions/_shared/calendar/ical-writer.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const TASKS = 5000;
const { srv, done } = await benchServer(kind);

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const p90 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 90);

try {
  const alice = await signUpUser(srv);
  const lists = Array.from({ length: 5 }, () => randomUUID());
  await pushOk(alice.client, newId(), lists.map((id, i) => listCreate(i + 1, id, `List ${i}`)));
  await srv.sql.query(
    `insert into public.tasks (id, list_id, title, notes, due_date, due_time, position, created_by, repeat, repeat_anchor, deadline)
     select gen_random_uuid(), ($1::uuid[])[1 + i % 5], 'Task number ' || i || ', with a comma; and more words to fold past seventy-five octets',
       case when i % 3 = 0 then 'Notes line one' || chr(10) || 'line two' else '' end,
       current_date + (i % 400) - 100,
       case when i % 5 = 0 then lpad((8 + i % 10)::text, 2, '0') || ':30' end,
       'a' || i, $2,
       case when i % 10 = 0 then 'FREQ=WEEKLY;BYDAY=' || (array['MO','TU','WE','TH','FR'])[1 + i % 5] end,
       case when i % 10 = 0 then current_date + (i % 400) - 100 end,
       case when i % 10 = 3 then current_date + (i % 400) - 90 end
     from generate_series(1, $3) i`,
    [lists, alice.userId, TASKS],
  );
  await srv.sql.query(
    `insert into public.reminders (task_id, user_id, list_id, offset_minutes)
     select id, $1, list_id, 15 from public.tasks where list_id = any($2::uuid[]) and position like '%0'`,
    [alice.userId, lists],
  );
  await srv.sql.query('analyze');
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await srv.sql.query(`insert into public.calendar_feeds (id, user_id, kind, name, token_hash, options) values ($1, $2, 'all', 'Everything', $3, '{"time_zone":"Europe/Berlin"}')`, [
    randomUUID(),
    alice.userId,
    hash,
  ]);
  const url = `${srv.url}/calendar/${token}.ics`;
  if (process.env.BENCH_EXPLAIN) {
    await srv.sql.query("load 'auto_explain'").catch(() => {});
    for (const row of await srv.sql.query<Record<string, string>>('explain (analyze, buffers) select public.calendar_feed($1, null)', [hash])) console.log(Object.values(row)[0]);
  }
  const reset = () => srv.sql.query('delete from daybook_private.calendar_feed_use');

  // warm up, and what one full answer is
  await reset();
  const first = await fetch(url);
  const body = await first.text();
  const etag = first.headers.get('etag')!;
  const events = (body.match(/BEGIN:VEVENT/g) ?? []).length;

  // the SQL alone on a connection of its own, whose backend's CPU time /proc tells (pg only)
  const direct = kind === 'pg' ? new pg.Client({ connectionString: srv.databaseUrl }) : null;
  await direct?.connect();
  const backendPid = direct ? Number((await direct.query('select pg_backend_pid() as p')).rows[0].p) : 0;
  const ticks = () => {
    if (!backendPid) return 0;
    const f = readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime, in clock ticks (1/100 s)
  };
  const sqlCall = async (etagArg: string | null) => {
    if (direct) return (await direct.query('select public.calendar_feed($1, $2) as r', [hash, etagArg])).rows[0].r;
    return (await srv.sql.query<{ r: unknown }>('select public.calendar_feed($1, $2) as r', [hash, etagArg]))[0]!.r;
  };
  const full: number[] = [];
  const notModified: number[] = [];
  const sqlFull: number[] = [];
  const sqlEtag: number[] = [];
  const writer: number[] = [];
  const cpuFull: number[] = [];
  const cpu304: number[] = [];
  const writerCpu: number[] = [];
  let rows: FeedTask[] = [];
  let sqlFullCpu = 0;
  let sqlEtagCpu = 0;
  for (let r = 0; r < ROUNDS; r++) {
    await reset();
    let c = process.cpuUsage();
    let t = performance.now();
    const res = await fetch(url);
    await res.text();
    full.push(performance.now() - t);
    c = process.cpuUsage(c);
    cpuFull.push((c.user + c.system) / 1000);

    await reset();
    c = process.cpuUsage();
    t = performance.now();
    const cached = await fetch(url, { headers: { 'If-None-Match': etag } });
    await cached.text();
    notModified.push(performance.now() - t);
    c = process.cpuUsage(c);
    cpu304.push((c.user + c.system) / 1000);
    if (cached.status !== 304 || res.status !== 200) throw new Error(`statuses ${res.status} ${cached.status}`);

    await reset();
    let k = ticks();
    t = performance.now();
    const answer = (await sqlCall(null)) as { events: FeedTask[] };
    sqlFull.push(performance.now() - t);
    sqlFullCpu += ticks() - k;
    rows = answer.events;
    await reset();
    k = ticks();
    t = performance.now();
    await sqlCall(/"([0-9a-f]{32})-/.exec(etag)![1]!);
    sqlEtag.push(performance.now() - t);
    sqlEtagCpu += ticks() - k;

    c = process.cpuUsage();
    t = performance.now();
    writeCalendar(rows, { name: 'Everything', timeZone: 'Europe/Berlin', origin: srv.url, words: calendarWords('en'), now: Date.now() });
    writer.push(performance.now() - t);
    c = process.cpuUsage(c);
    writerCpu.push((c.user + c.system) / 1000);
  }

  const line = (name: string, xs: number[]) => console.log(`${name.padEnd(44)} median ${fmt(median(xs), 1).padStart(7)} ms   p90 ${fmt(p90(xs), 1).padStart(7)} ms`);
  console.log(`${kind}: ${TASKS} tasks → ${events} events, ${fmt(body.length / 1024, 0)} KB (${ROUNDS} rounds)`);
  line('GET 200 (whole answer, over HTTP)', full);
  line('GET 304 (If-None-Match, over HTTP)', notModified);
  line('calendar_feed() 200 alone (SQL)', sqlFull);
  line('calendar_feed() 304 alone (SQL)', sqlEtag);
  line('writeCalendar() alone', writer);
  line('writeCalendar() CPU', writerCpu);
  line('this process CPU per 200 (server + client)', cpuFull);
  line('this process CPU per 304 (server + client)', cpu304);
  if (direct) {
    console.log(`database backend CPU per calendar_feed() 200: ${fmt((sqlFullCpu * 10) / ROUNDS, 1)} ms, per 304: ${fmt((sqlEtagCpu * 10) / ROUNDS, 1)} ms (mean, /proc ticks)`);
    await direct.end();
  }
  // 100 feeds polled every 15 minutes: 100 / 900 s requests a second
  const perSecond = 100 / 900;
  // the database's share: its backend's CPU where /proc tells it, else the SQL's wall time (an upper bound)
  const db200 = direct ? (sqlFullCpu * 10) / ROUNDS : median(sqlFull);
  const db304 = direct ? (sqlEtagCpu * 10) / ROUNDS : median(sqlEtag);
  const costAll200 = perSecond * (median(cpuFull) + db200);
  const costMix = perSecond * (0.25 * (median(cpuFull) + db200) + 0.75 * (median(cpu304) + db304));
  console.log(`100 feeds every 15 min, every poll a 200: ${fmt(costAll200 / 10, 2)} % of a core; one in four a 200: ${fmt(costMix / 10, 2)} %`);
} finally {
  await done();
}
