// PostgREST's slice: POST /rest/v1/rpc/<fn>. The JWT picks the role; each call is one
// transaction with the role and `request.jwt.claims` set locally, the JSON body as named args.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from './db.ts';
import { bearer, sendJson } from './http-util.ts';
import { asObject, parseJsonBody } from './json-body.ts';
import { verifyJwt } from './jwt.ts';
import { logError } from './log.ts';
import { clientAddress, type TrustedProxies } from './client-address.ts';
import { isPgError, pgrstErrorFor } from './pg-errors.ts';

export interface RestContext {
  db: Db;
  jwtSecret: string;
  /**
   * A user's token whose session has ended (signed out everywhere) is refused as expired, so the
   * other devices learn it at their next call rather than when the token runs out (hosted
   * PostgREST checks only the token: there they learn it at their next refresh).
   */
  checksSessions?: boolean;
  /**
   * statement_timeout for each call, as hosted Supabase sets for `authenticated` (8 s): a
   * cancelled call answers 57014 with HTTP 500, which clients treat as transient. PGlite
   * ignores it (its timers cannot fire while its single thread runs the query), so there a
   * slow call is only reported in the log.
   */
  statementTimeoutMs: number;
  /** False on PGlite: the timeout cannot fire there. */
  cancelsSlowCalls: boolean;
  /** DAYBOOK_TRUSTED_PROXIES: whose X-Forwarded-For names the client (none: the socket's address). */
  proxies?: TrustedProxies;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const IDENT = /^[a-z_][a-z0-9_]*$/;

function pgrstError(res: ServerResponse, status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
  sendJson(res, status, { code, details, hint, message });
}

interface FnArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

interface Signature {
  args: FnArg[];
  returnsSet: boolean;
}

// PostgREST's schema cache: a function's signature is read once per database, not once per call
// (on PGlite that query waited in the one connection's queue before every push and pull). The
// schema does not change under a running server; a name not found is looked up again next time.
const signatures = new WeakMap<Db, Map<string, Signature>>();

async function functionArgs(db: Db, fn: string): Promise<Signature | null> {
  let cache = signatures.get(db);
  if (!cache) {
    cache = new Map();
    signatures.set(db, cache);
  }
  const known = cache.get(fn);
  if (known) return known;
  const found = await readFunctionArgs(db, fn);
  if (found) cache.set(fn, found);
  return found;
}

async function readFunctionArgs(db: Db, fn: string): Promise<Signature | null> {
  const rows = await db.query<{ names: string[] | null; types: string[]; nargs: number; ndefaults: number; retset: boolean }>(
    `select p.proargnames as names, array(select format_type(t, null) from unnest(p.proargtypes) t) as types,
            p.pronargs as nargs, p.pronargdefaults as ndefaults, p.proretset as retset
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = $1`,
    [fn],
  );
  const row = rows[0];
  if (!row || rows.length > 1) return null;
  const args = row.types.map((type, i) => ({
    name: row.names?.[i] ?? '',
    type,
    hasDefault: i >= row.nargs - row.ndefaults,
  }));
  return { args, returnsSet: row.retset };
}

/**
 * What a function reads of the request in `request.headers`: only the client's address as this
 * server tells it (clientAddress: its proxy rules), as `x-real-ip` — never a header the client
 * sent, which anyone can make up.
 */
function headersSetting(req: IncomingMessage, proxies: TrustedProxies = null): string {
  return JSON.stringify({ 'x-real-ip': clientAddress(req, proxies) });
}

export async function handleRpc(ctx: RestContext, req: IncomingMessage, res: ServerResponse, fn: string, bodyText: string) {
  const token = bearer(req) ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : null);
  if (!token) return pgrstError(res, 401, 'PGRST301', 'No API key found in request');
  const v = verifyJwt(token, ctx.jwtSecret);
  if (!v.ok) {
    return v.reason === 'expired'
      ? pgrstError(res, 401, 'PGRST303', 'JWT expired')
      : pgrstError(res, 401, 'PGRST301', 'JWT could not be decoded');
  }
  const role = typeof v.claims.role === 'string' ? v.claims.role : '';
  if (!ROLES.has(role)) return pgrstError(res, 401, 'PGRST301', `role "${role}" does not exist`);
  if (ctx.checksSessions && role === 'authenticated' && typeof v.claims.session_id === 'string') {
    const [live] = await ctx.db.query('select 1 from daybook_meta.sessions where id::text = $1', [v.claims.session_id]);
    if (!live) return pgrstError(res, 401, 'PGRST303', 'JWT expired');
  }
  if (req.method !== 'POST') return pgrstError(res, 405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);

  const parsed = parseJsonBody(bodyText);
  const args = parsed.ok ? asObject(parsed.value) : null;
  if (!args) {
    return pgrstError(res, 400, 'PGRST102', 'Invalid body: expected a JSON object of named arguments', parsed.ok ? 'not an object' : parsed.message);
  }

  const keys = Object.keys(args).sort();
  const signature = IDENT.test(fn) ? await functionArgs(ctx.db, fn) : null;
  const params = signature?.args ?? null;
  const known = new Set(params?.map((p) => p.name));
  const missing = params?.filter((p) => !p.hasDefault && !(p.name in args)) ?? [];
  if (!params || keys.some((k) => !known.has(k)) || missing.length) {
    return pgrstError(
      res,
      404,
      'PGRST202',
      `Could not find the function public.${fn}(${keys.join(', ')}) in the schema cache`,
      `Searched for the function public.${fn} with parameters ${keys.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  const given = params.filter((p) => p.name in args);
  // one parameter per argument, so the body is not parsed again by Postgres for each of them;
  // a non-JSON argument's text is what PostgREST's `->>` gives (a string as it is, null as
  // null, anything else as its JSON)
  const sqlArgs = given.map((p, i) => `"${p.name}" := $${i + 1}::${p.type}`);
  const sqlParams = given.map((p) => {
    const v = args[p.name];
    if (p.type === 'jsonb' || p.type === 'json') return JSON.stringify(v);
    return v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);
  });
  const claims = JSON.stringify(v.claims);
  const started = Date.now();
  try {
    const result = await ctx.db.tx(async (q) => {
      // one statement for the role and the claims (set_config('role') is SET LOCAL ROLE, as PostgREST does it)
      await q.query(
        `select set_config('role', $3, true), set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
                set_config('request.jwt.claim.role', $3, true), set_config('statement_timeout', $4, true),
                set_config('request.headers', $5, true)`,
        [claims, typeof v.claims.sub === 'string' ? v.claims.sub : '', role, String(ctx.statementTimeoutMs), headersSetting(req, ctx.proxies)],
      );
      // a function without arguments gets no parameter: Postgres refuses a bind that supplies one it does not use
      // a set-returning function answers a JSON array of its rows, as PostgREST does
      const call = `public."${fn}"(${sqlArgs.join(', ')})`;
      const sql = signature?.returnsSet
        ? `select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) as r from ${call} as x`
        : `select to_jsonb(${call}) as r`;
      const rows = await q.query<{ r: unknown }>(sql, sqlParams);
      // PostgREST's `response.status`: a function that must commit yet answer an error sets it
      const [set] = await q.query<{ s: string | null }>(`select current_setting('response.status', true) as s`);
      return { r: rows[0]?.r ?? null, status: /^[1-5]\d\d$/.test(set?.s ?? '') ? Number(set!.s) : 200 };
    });
    const text = JSON.stringify(result.r);
    res.writeHead(result.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  } catch (err) {
    if (!isPgError(err)) throw err;
    const answer = pgrstErrorFor(err, role);
    if (answer.log) logError(`rpc ${fn} failed (${answer.status})`, err);
    sendJson(res, answer.status, answer.body);
  } finally {
    const took = Date.now() - started;
    if (!ctx.cancelsSlowCalls && took > ctx.statementTimeoutMs) {
      console.error(`rpc ${fn} ran ${took} ms, over the ${ctx.statementTimeoutMs} ms statement timeout (PGlite cannot cancel it)`);
    }
  }
}
