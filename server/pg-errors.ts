// What a caller learns of a database error. PostgREST forwards Postgres' message, detail and
// hint; those name tables and constraints and quote key values ("duplicate key value violates
// unique constraint …", "Key (list_id, user_id)=(…)"), which is the schema's business, not the
// caller's. So only text our functions raise on purpose (RAISE … USING message) reaches the
// client; anything Postgres itself reports answers its SQLSTATE and a plain sentence, and the
// whole error goes to the server log (never with the query's parameters, see log.ts).

export interface PgError {
  code: string;
  message?: string;
  detail?: string;
  hint?: string;
  routine?: string;
}

export interface PgrstBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export function isPgError(err: unknown): err is PgError {
  return typeof (err as { code?: unknown } | null)?.code === 'string' && /^[0-9A-Z]{5}$/.test((err as PgError).code);
}

// PostgREST's SQLSTATE → HTTP status table (docs.postgrest.org, references/errors).
export function statusFor(sqlstate: string, role: string): number {
  // PostgREST's own: a function raising PTxyz answers HTTP xyz
  if (/^PT[1-5]\d\d$/.test(sqlstate)) return Number(sqlstate.slice(2));
  if (sqlstate === '42501') return role === 'anon' ? 401 : 403;
  if (sqlstate === '23503' || sqlstate === '23505') return 409;
  if (sqlstate === '25006') return 405;
  if (sqlstate === '42883' || sqlstate === '42P01') return 404;
  if (sqlstate === 'P0001') return 400;
  if (sqlstate === '53400') return 500;
  if (/^08/.test(sqlstate) || /^53/.test(sqlstate)) return 503;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(sqlstate) || sqlstate === '42P17') return 500;
  if (/^(0L|0P|28)/.test(sqlstate)) return 403;
  return 400;
}

/** The same error inside or outside a RAISE: Postgres names the routine that reported it. */
const raisedOnPurpose = (e: PgError) => e.routine === 'exec_stmt_raise';

function plainMessage(code: string): string {
  if (code === '23505') return 'The change conflicts with data that already exists';
  if (code === '23503') return 'The change refers to something that does not exist';
  if (code.startsWith('23')) return 'The change breaks a rule of the database';
  if (code.startsWith('22')) return 'An argument has the wrong type or value';
  if (code === '42501') return 'Permission denied';
  if (code === '57014') return 'The request took too long and was cancelled — try again';
  if (code.startsWith('40') || code === '55P03') return 'The database was busy — try again';
  if (code.startsWith('08') || code.startsWith('53')) return 'The database is unavailable — try again';
  if (code.startsWith('42')) return 'The request does not match the database';
  return statusFor(code, 'authenticated') >= 500 ? 'Internal server error' : 'The request failed';
}

/** The answer for a database error: its status, and a body with nothing of the schema in it. */
export function pgrstErrorFor(e: PgError, role: string): { status: number; body: PgrstBody; log: boolean } {
  const status = statusFor(e.code, role);
  if (raisedOnPurpose(e)) {
    return { status, body: { code: e.code, message: e.message ?? '', details: e.detail ?? null, hint: e.hint ?? null }, log: false };
  }
  return { status, body: { code: e.code, message: plainMessage(e.code), details: null, hint: null }, log: true };
}
