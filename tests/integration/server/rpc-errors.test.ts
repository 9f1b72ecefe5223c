// What a caller learns when a call fails. Database errors answer
// their SQLSTATE and a plain sentence (no table, constraint or key values; the detail goes to
// the server log), while messages our functions raise on purpose still reach the caller; a body
// nested 5,000 deep answers 400 on every JSON endpoint; no 500 carries a stack trace; and on
// PostgreSQL a call is cancelled after the statement timeout with a status clients retry.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { classify } from '@/backend';
import { postAuth } from '../../helpers/raw-http';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pull } from '../../helpers/server-sync';

const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

function captureLogs() {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  return lines;
}

describe.each(SERVER_KINDS)('RPC errors on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
    await srv.sql.exec(`
      create table public.test_unique (id int constraint test_unique_secret_pkey primary key);
      create sequence public.test_seq_never_used;
      create function public.test_conflict(p_id int) returns void language sql security definer as
        $$ insert into public.test_unique values (p_id); insert into public.test_unique values (p_id); $$;
      -- no arguments: such a call binds no parameter
      create function public.test_internal() returns bigint language sql security definer as
        $$ select currval('public.test_seq_never_used') $$;
      grant execute on function public.test_conflict(int), public.test_internal() to authenticated;`);
  });
  afterAll(() => srv?.stop());
  afterEach(() => vi.restoreAllMocks());

  const rpc = (fn: string, body: string) =>
    fetch(`${srv.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body,
    });

  it('a unique violation answers 409 with its code and a plain message; the names stay in the server log', async () => {
    const logs = captureLogs();
    const r = await rpc('test_conflict', '{"p_id":1}');
    expect(r.status).toBe(409);
    const text = await r.text();
    expect(JSON.parse(text)).toEqual({ code: '23505', details: null, hint: null, message: 'The change conflicts with data that already exists' });
    expect(text).not.toMatch(/test_unique|pkey|Key \(/);
    expect(logs.join('\n')).toContain('test_unique_secret_pkey');
  });

  it('a server-side failure answers 500 with a plain message and no stack trace', async () => {
    captureLogs();
    const r = await rpc('test_internal', '{}');
    expect(r.status).toBe(500);
    const text = await r.text();
    expect(JSON.parse(text)).toEqual({ code: '55000', details: null, hint: null, message: 'Internal server error' });
    expect(text).not.toMatch(/test_seq|\n\s+at |\.ts:\d+/);
  });

  it('messages our functions raise on purpose still reach the caller', async () => {
    const r = await user.client.rpc('sync_push', { p_client_id: newId(), p_mutations: {} });
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ code: '22023', message: 'p_mutations must be an array' });
  });

  it('a body nested 5,000 deep answers 400 on every JSON endpoint, and the server keeps serving', async () => {
    captureLogs();
    const push = await rpc('sync_push', `{"p_client_id":"${newId()}","p_mutations":${DEEP}}`);
    expect(push.status).toBe(400);
    expect(await push.json()).toMatchObject({ code: 'PGRST102', message: 'Invalid body: expected a JSON object of named arguments', hint: null });
    const pullDeep = await rpc('sync_pull', `{"p_client_id":"${newId()}","p_cursors":{"a":${DEEP}}}`);
    expect(pullDeep.status).toBe(400);
    for (const path of ['/signup', '/token?grant_type=password', '/token?grant_type=refresh_token']) {
      const r = await postAuth(srv, path, `{"email":"deep@example.test","password":"secret12","refresh_token":"x","data":{"a":${DEEP}}}`);
      expect(r.status).toBe(400);
      expect(r.json()).toEqual({ code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' });
    }
    // 60 levels still reach the function (whatever it makes of them)
    const sixty = await rpc('sync_pull', `{"p_client_id":"${newId()}","p_cursors":{"a":${'['.repeat(58)}${']'.repeat(58)}}}`);
    expect(((await sixty.json()) as { code?: string }).code).not.toBe('PGRST102');
    expect((await pull(user.client, newId())).error).toBeNull();
  });
});

describe.runIf(SERVER_KINDS.includes('pg'))('statement timeout on PostgreSQL 15', () => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer('pg', { statementTimeoutMs: 300 });
    user = await signUpUser(srv);
    await srv.sql.exec(`
      create function public.test_slow(p_seconds float) returns void language sql as $$ select pg_sleep(p_seconds) $$;
      grant execute on function public.test_slow(float) to authenticated;`);
  });
  afterAll(() => srv?.stop());
  afterEach(() => vi.restoreAllMocks());

  it('cancels a call that runs past it: 500 with 57014, which the client treats as transient, and serves on', async () => {
    captureLogs();
    const r = await user.client.rpc('test_slow', { p_seconds: 20 });
    expect(r.status).toBe(500);
    expect(r.error).toMatchObject({ code: '57014', message: 'The request took too long and was cancelled — try again' });
    expect(classify({ status: r.status, data: r.data, error: r.error })).toMatchObject({ kind: 'retry', reason: 'server', status: 500 });
    expect((await pull(user.client, newId())).error).toBeNull();
  });
});
