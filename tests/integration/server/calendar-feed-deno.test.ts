// The calendar-feed Edge Function under Deno itself (node_modules/.bin/deno, as hosted Supabase
// runs it: Deno.serve, npm: imports from its deno.json, nothing outside supabase/functions/),
// against the stand-in's PostgREST slice as service_role on PGlite: a feed made through sync_push
// is served as iCalendar, 304 on its ETag, 404 for a token nobody has.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt';
import { signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { linkTokenHash, listCreate, newId, newLinkToken, pushOk, taskCreate } from '../../helpers/server-sync';

const DENO = 'node_modules/.bin/deno';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!existsSync(DENO))('calendar-feed Edge Function under Deno', () => {
  let srv: TestServer;
  let deno: ChildProcess;
  let base = '';

  beforeAll(async () => {
    srv = await startTestServer('pglite');
    const port = await freePort();
    const iat = Math.floor(Date.now() / 1000);
    deno = spawn(
      DENO,
      ['run', '--allow-net', '--allow-env', '--allow-read', '--config', 'supabase/functions/calendar-feed/deno.json', 'supabase/functions/calendar-feed/index.ts'],
      {
        env: {
          ...process.env,
          DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
          SUPABASE_URL: srv.url,
          SUPABASE_SERVICE_ROLE_KEY: signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret),
          SITE_URL: 'https://app.daybook.test',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let log = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`deno did not start: ${log}`)), 90_000);
      // (Deno says where it listens on stderr)
      const read = (d: unknown) => {
        log += String(d);
        if (log.includes('Listening on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      deno.stdout?.on('data', read);
      deno.stderr?.on('data', read);
      deno.once('exit', (code) => reject(new Error(`deno exited ${code}: ${log}`)));
    });
    base = `http://127.0.0.1:${port}/calendar-feed`;
  }, 120_000);
  afterAll(async () => {
    deno?.kill();
    await srv?.stop();
  });

  it('serves a feed made through sync_push, 304 on its ETag, 404 for an unknown token', async () => {
    const alice = await signUpUser(srv);
    const listId = newId();
    const token = newLinkToken();
    await pushOk(alice.client, newId(), [
      listCreate(1, listId, 'Home'),
      taskCreate(2, newId(), listId, 'Dentist', { due_date: '2026-12-04', due_time: '15:30', deadline: '2026-12-10' }),
      { id: 3, name: 'feed.create', args: { id: newId(), kind: 'all', name: 'Home', token_hash: linkTokenHash(token), options: { time_zone: 'America/New_York' } } },
    ]);
    const res = await fetch(`${base}/calendar/${token}.ics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const summaries = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary);
    expect(summaries.sort()).toEqual(['Deadline: Dentist', 'Dentist']);
    expect(text).toContain('DTSTART:20261204T203000Z');
    expect((await fetch(`${base}/calendar/${token}.ics`, { headers: { 'If-None-Match': res.headers.get('etag')! } })).status).toBe(304);
    expect((await fetch(`${base}/calendar/${newLinkToken()}.ics`)).status).toBe(404);
  });
});
