// The schedules supabase/README.md tells an operator to run, on real pg_cron on PostgreSQL 15: a
// cluster of the test's own (pg_cron must be preloaded), the README's SQL blocks run verbatim,
// with stand-ins for what only hosted Supabase has: Vault (`vault.create_secret`,
// `vault.decrypted_secrets`) and pg_net (`net.http_post`, recording each call in `net.calls`).
// Checked twice: the job's command run directly (what it posts, at once), and pg_cron firing the
// job at the next minute (that the schedule runs at all) — the latter waits up to a minute. The
// daily pruning (retention.sql) needs no stand-ins but the database itself (the migrations): its
// command is run directly, and once more as a job of every minute, so that pg_cron fires it too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgPool } from '../../../server/db';
import { migrate } from '../../../server/migrate';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const README = readFileSync(join(ROOT, 'supabase', 'README.md'), 'utf8');

/** The README's ```sql blocks that schedule a function, without the markdown's indent. */
function scheduleBlocks(): { name: string; sql: string }[] {
  const blocks = [...README.matchAll(/^( *)```sql\n([\s\S]*?)^ *```/gm)].map((m) => m[2]!.replace(new RegExp(`^${m[1]}`, 'gm'), ''));
  return blocks.filter((b) => b.includes('cron.schedule(')).map((sql) => ({ name: /cron\.schedule\('([^']+)'/.exec(sql)![1]!, sql }));
}

const STAND_INS = `
  create extension pg_cron;
  create schema vault;
  create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, secret text);
  create function vault.create_secret(new_secret text, new_name text) returns uuid language sql as
    $$ insert into vault.secrets (secret, name) values (new_secret, new_name) returning id $$;
  create view vault.decrypted_secrets as select id, name, secret as decrypted_secret from vault.secrets;
  create schema net;
  create table net.calls (id bigserial primary key, url text, body jsonb, headers jsonb, timeout_milliseconds int, at timestamptz default clock_timestamp());
  -- pg_net's signature: the request is queued and its id answered
  create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds int default 5000) returns bigint
    language sql as $$ insert into net.calls (url, body, headers, timeout_milliseconds) values (url, body, headers, timeout_milliseconds) returning id $$;`;

describe('the README’s schedules on pg_cron (PostgreSQL 15)', () => {
  let cluster: { url: string; stop(): void };
  let db: pg.Client;
  const blocks = scheduleBlocks();

  beforeAll(async () => {
    // a cluster of its own: pg_cron is loaded at server start, which the shared one is not
    if (!existsSync('/usr/lib/postgresql/15/lib/pg_cron.so')) {
      throw new Error('pg_cron for PostgreSQL 15 is not installed: npm test installs it (scripts/ensure.mjs), or apt-get install postgresql-15-cron');
    }
    const clusterModule: string = '../../../scripts/pg-cluster.mjs';
    const { startCluster } = (await import(clusterModule)) as { startCluster(o: { options: string }): Promise<{ url: string; stop(): void }> };
    cluster = await startCluster({ options: '-c shared_preload_libraries=pg_cron -c cron.database_name=postgres -c cron.use_background_workers=on -c max_worker_processes=20' });
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    await db.query(STAND_INS);
    const pool = openPgPool(cluster.url);
    try {
      await migrate(pool);
    } finally {
      await pool.close();
    }
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    cluster?.stop();
  });

  it('the README schedules send-reminders, send-mail and prune-retained', () => {
    expect(blocks.map((b) => b.name).sort()).toEqual(['prune-retained', 'send-mail', 'send-reminders']);
  });

  /** Notifications of one person, `daysAgo` old. */
  async function notificationsAged(daysAgo: number, n: number): Promise<string> {
    const user = (await db.query<{ id: string }>(`insert into auth.users (email) values ('p-' || gen_random_uuid() || '@example.test') returning id`)).rows[0]!.id;
    await db.query(
      `insert into public.notifications (recipient, kind, at) select $1, 'comment', now() - make_interval(days => $2) from generate_series(1, $3)`,
      [user, daysAgo, n],
    );
    return user;
  }
  const held = async (user: string) => (await db.query<{ n: number }>('select count(*)::int as n from public.notifications where recipient = $1', [user])).rows[0]!.n;

  it('each block runs as written and leaves one job a minute whose command posts to the function with its secret', async () => {
    for (const { sql } of blocks) await db.query(sql);
    const jobs = (await db.query<{ jobname: string; schedule: string; database: string; active: boolean }>('select jobname, schedule, database, active from cron.job order by jobname')).rows;
    expect(jobs).toEqual([
      { jobname: 'prune-retained', schedule: '17 3 * * *', database: 'postgres', active: true },
      { jobname: 'send-mail', schedule: '* * * * *', database: 'postgres', active: true },
      { jobname: 'send-reminders', schedule: '* * * * *', database: 'postgres', active: true },
    ]);
    // the pruning's command as a statement of its own, as pg_cron sends it: its batches commit
    const old = await notificationsAged(91, 12);
    const recent = await notificationsAged(89, 3);
    const { command } = (await db.query<{ command: string }>(`select command from cron.job where jobname = 'prune-retained'`)).rows[0]!;
    await db.query(command);
    expect([await held(old), await held(recent)]).toEqual([0, 3]);
    for (const { name } of blocks.filter((b) => b.name !== 'prune-retained')) {
      await db.query('truncate net.calls');
      await db.query(`do $$ begin execute (select command from cron.job where jobname = '${name}'); end $$`);
      const calls = (await db.query<{ url: string; headers: Record<string, string>; body: Record<string, unknown>; timeout_milliseconds: number }>('select url, headers, body, timeout_milliseconds from net.calls order by id')).rows;
      const path = name === 'send-mail' ? 'send-mail' : 'send-reminders';
      const secret = name === 'send-mail' ? '<SEND_MAIL_SECRET>' : '<SEND_REMINDERS_SECRET>';
      // a large minute takes several calls of send-reminders at once (each bounded); mail, one
      expect(calls).toHaveLength(name === 'send-reminders' ? 10 : 1);
      for (const c of calls) {
        expect(c).toMatchObject({ url: `https://<ref>.supabase.co/functions/v1/${path}`, timeout_milliseconds: 55000 });
        expect(c.headers).toEqual({ 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` });
      }
      // within pg_net's timeout, and well within a hosted call's 150 s
      expect(calls.every((c) => c.timeout_milliseconds < 60_000)).toBe(true);
    }
  });

  it('pg_cron fires the jobs at the next minute', async () => {
    await db.query('truncate net.calls');
    // the daily pruning's command, every minute here: pg_cron runs the procedure, which commits
    await db.query(`select cron.schedule('prune-retained-now', '* * * * *', (select command from cron.job where jobname = 'prune-retained'))`);
    const old = await notificationsAged(120, 5);
    const deadline = Date.now() + 75_000;
    let runs: { jobname: string; status: string }[] = [];
    while (Date.now() < deadline) {
      runs = (await db.query<{ jobname: string; status: string }>(
        `select j.jobname, d.status from cron.job_run_details d join cron.job j using (jobid) where d.status in ('succeeded', 'failed') order by d.runid`,
      )).rows;
      if (new Set(runs.map((r) => r.jobname)).size === 3) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(runs.filter((r) => r.status === 'failed')).toEqual([]);
    expect(new Set(runs.map((r) => r.jobname))).toEqual(new Set(['prune-retained-now', 'send-mail', 'send-reminders']));
    expect(await held(old)).toBe(0);
    const posted = (await db.query<{ url: string; n: number }>('select url, count(*)::int as n from net.calls group by url order by url')).rows;
    expect(posted.map((p) => p.url.replace(/.*\//, ''))).toEqual(['send-mail', 'send-reminders']);
    expect(posted.find((p) => p.url.endsWith('send-reminders'))!.n % 10).toBe(0);
  }, 90_000);
});
