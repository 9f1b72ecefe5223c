// Who may do what on a Realtime channel, decided the way Supabase Realtime decides it: the
// JWT must verify and carry `role` and `exp`; a private channel needs RLS on realtime.messages
// to let that role and those claims select (read) or insert (write) a broadcast message of
// the topic. Realtime checks it with a probe message in a transaction it rolls back; so do we.
import type { Db } from './db.ts';
import { type Claims, verifyJwt } from './jwt.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export type TokenCheck = { ok: true; claims: Claims; role: string; exp: number } | { ok: false; code: string; message: string };

/** Realtime's answers (code: message) for a token it will not use. */
export function checkToken(token: string, jwtSecret: string, nowSeconds = Date.now() / 1000): TokenCheck {
  if (token.split('.').length !== 3) return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  // expiry is checked below, with the message Realtime gives
  const v = verifyJwt(token, jwtSecret, Number.NEGATIVE_INFINITY);
  if (!v.ok) return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
  const { role, exp } = v.claims;
  if (typeof role !== 'string' || typeof exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (exp <= nowSeconds) {
    return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${Math.max(0, Math.floor(nowSeconds - exp))} seconds ago` };
  }
  // the role is put in SQL (set local role): only the three API roles ever get there
  if (!ROLES.has(role)) return { ok: false, code: 'Unauthorized', message: `Role "${role}" is not allowed` };
  return { ok: true, claims: v.claims, role, exp };
}

/** Carries the answer out of a transaction that must not commit. */
class Rollback {
  constructor(readonly allowed: boolean) {}
}

const SQL_CLAIMS = `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
  set_config('request.jwt.claim.role', $3, true), set_config('realtime.topic', $4, true)`;

/** May these claims read (join) or write (send to) the private channel `topic`? */
export async function mayUse(db: Db, access: 'read' | 'write', check: Extract<TokenCheck, { ok: true }>, topic: string): Promise<boolean> {
  const params = [JSON.stringify(check.claims), typeof check.claims.sub === 'string' ? check.claims.sub : '', check.role, topic];
  try {
    await db.tx(async (q) => {
      if (access === 'read') {
        const [probe] = await q.query<{ id: string }>(
          `insert into realtime.messages (topic, extension, event, payload, private)
           values ($1, 'broadcast', 'daybook:probe', '{}', true) returning id::text`,
          [topic],
        );
        await q.query(`set local role ${check.role}`);
        await q.query(SQL_CLAIMS, params);
        const seen = await q.query(`select 1 from realtime.messages where id = $1::uuid`, [probe?.id]);
        throw new Rollback(seen.length > 0);
      }
      await q.query(`set local role ${check.role}`);
      await q.query(SQL_CLAIMS, params);
      await q.query(
        `insert into realtime.messages (topic, extension, event, payload, private) values ($1, 'broadcast', 'daybook:probe', '{}', true)`,
        [topic],
      );
      throw new Rollback(true);
    });
  } catch (err) {
    if (err instanceof Rollback) return err.allowed;
    // insufficient_privilege: RLS (or a missing grant) said no
    if ((err as { code?: string }).code === '42501') return false;
    throw err;
  }
  return false;
}
