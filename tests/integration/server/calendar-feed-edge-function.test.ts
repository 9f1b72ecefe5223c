// The hosted calendar feed (supabase/functions/calendar-feed/index.ts) run under Node with a
// stand-in for Deno's two globals, against the stand-in's PostgREST slice as service_role: the
// same feed as the stand-in's own GET /calendar/<token>.ics, 304 on its ETag, 404 when revoked.
// `deno check` covers the Deno side (tests/integration/server/calendar-feed-deno.test.ts serves it).
import ICAL from 'ical.js';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { linkTokenHash, listCreate, newId, newLinkToken, pushOk, taskCreate } from '../../helpers/server-sync';

type Handler = (req: Request) => Promise<Response>;

const env: Record<string, string> = {};
let handler: Handler;
const g = globalThis as unknown as { Deno?: unknown; WebSocket?: unknown };
beforeAll(async () => {
  g.Deno = {
    env: { get: (name: string) => env[name] },
    serve: (h: Handler) => {
      handler = h;
    },
  };
  g.WebSocket ??= ws;
  await import('../../../supabase/functions/calendar-feed/index.ts');
});
afterAll(() => {
  delete g.Deno;
  if (g.WebSocket === ws) delete g.WebSocket;
});

describe.each(SERVER_KINDS)('calendar-feed Edge Function over the stand-in on %s', (kind) => {
  let srv: TestServer;

  beforeAll(async () => {
    srv = await startTestServer(kind);
    const iat = Math.floor(Date.now() / 1000);
    Object.assign(env, {
      SUPABASE_URL: srv.url,
      SUPABASE_SERVICE_ROLE_KEY: signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret),
      SITE_URL: 'https://app.daybook.test',
    });
  });
  afterAll(() => srv?.stop());

  it('answers the feed as the stand-in does, 304 on its ETag, 404 once revoked', async () => {
    const alice = await signUpUser(srv);
    const listId = newId();
    const taskId = newId();
    const token = newLinkToken();
    const feedId = newId();
    await pushOk(alice.client, newId(), [
      listCreate(1, listId, 'Home'),
      taskCreate(2, taskId, listId, 'Bins out', { due_date: '2026-12-01', repeat: 'FREQ=WEEKLY;BYDAY=TU', repeat_anchor: '2026-12-01' }),
      { id: 3, name: 'feed.create', args: { id: feedId, kind: 'all', name: 'Home', token_hash: linkTokenHash(token), options: {} } },
    ]);
    const at = (headers: Record<string, string> = {}) => handler(new Request(`http://function.test/calendar-feed/calendar/${token}.ics`, { headers }));

    const res = await at();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(event!.summary).toBe('Bins out');
    expect(event!.component.getFirstPropertyValue('url')).toBe(`https://app.daybook.test/tasks/${taskId}`);
    expect(event!.component.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY;BYDAY=TU');
    // the stand-in's own endpoint sends the same calendar (links back to its own origin)
    const standIn = await (await fetch(`${srv.url}/calendar/${token}.ics`)).text();
    expect(standIn.replaceAll(srv.url, 'https://app.daybook.test')).toBe(text);

    const etag = res.headers.get('etag')!;
    const again = await at({ 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    await pushOk(alice.client, newId(), [{ id: 1, name: 'feed.revoke', args: { id: feedId } }]);
    const gone = await at({ 'If-None-Match': etag });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await handler(new Request('http://function.test/calendar-feed/calendar/nothing.ics'))).status).toBe(404);
  });
});
