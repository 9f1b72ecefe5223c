// Auth's one-time link tokens, as GoTrue keeps them: a random token hash goes in the mail (the
// link's token_hash), only its SHA-256 is stored, one live token per account and kind (asking
// again replaces it), good for an hour (GoTrue's mailer_otp_exp) and used once.
import { createHash, randomBytes } from 'node:crypto';
import type { Querier } from './db.ts';

export type TokenKind = 'signup' | 'recovery' | 'email_change';

export const TOKEN_TTL_MS = 60 * 60_000;

const digest = (tokenHash: string) => createHash('sha256').update(tokenHash).digest('hex');

/** Makes the account's token of this kind (replacing the last) and answers the hash for the link. */
export async function issueToken(q: Querier, userId: string, kind: TokenKind, email: string | null = null): Promise<string> {
  const tokenHash = randomBytes(28).toString('hex');
  await q.query(
    `insert into daybook_meta.auth_tokens (hash, user_id, kind, email) values ($1, $2, $3, $4)
     on conflict (user_id, kind) do update set hash = excluded.hash, email = excluded.email, created_at = now()`,
    [digest(tokenHash), userId, kind, email],
  );
  return tokenHash;
}

export interface UsedToken {
  userId: string;
  kind: TokenKind;
  email: string | null;
}

/**
 * Uses up a live token of one of these kinds (GoTrue's type 'email' covers sign-up's). Null when
 * it is unknown, used or older than an hour (an expired one is removed all the same).
 */
export async function spendToken(q: Querier, tokenHash: string, kinds: readonly TokenKind[]): Promise<UsedToken | null> {
  if (!/^[0-9a-f]{16,128}$/.test(tokenHash)) return null;
  // the database's clock, which set created_at
  const [row] = await q.query<{ user_id: string; kind: TokenKind; email: string | null; live: boolean }>(
    `delete from daybook_meta.auth_tokens where hash = $1 and kind = any($2::text[])
     returning user_id, kind, email, created_at > now() - make_interval(secs => $3) as live`,
    [digest(tokenHash), kinds, TOKEN_TTL_MS / 1000],
  );
  if (!row?.live) return null;
  return { userId: row.user_id, kind: row.kind, email: row.email };
}

/** The account's pending new e-mail, if a change waits for its confirmation. */
export async function pendingEmail(q: Querier, userId: string): Promise<{ email: string; sentAt: Date } | null> {
  const [row] = await q.query<{ email: string; created_at: Date | string }>(
    `select email, created_at from daybook_meta.auth_tokens where user_id = $1 and kind = 'email_change'`,
    [userId],
  );
  return row ? { email: row.email, sentAt: new Date(row.created_at) } : null;
}
