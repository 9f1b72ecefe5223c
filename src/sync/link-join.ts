// Joining a list through a share link (SPEC §13.1): what the join page shows first
// (link_preview) and the join itself (join_list), both asked of the server as the signed-in
// person. A refusal's code (supabase/schemas/apply_link.sql) becomes the reason the page shows.
import { spoken } from './messages';
import type { LinkPreview, SyncTransport, TransportOutcome } from './ports';

export type { LinkPreview };

/** Why a link can't be used: the server's refusal codes, and the cases the device tells itself. */
export type LinkProblem = 'not_found' | 'revoked' | 'expired' | 'deleted' | 'rate_limited' | 'invalid' | 'signed_out' | 'offline';

export type LinkAnswer<T> = { ok: true; value: T } | { ok: false; problem: LinkProblem; message: string };

export interface LinkJoin {
  preview(token: string): Promise<LinkAnswer<LinkPreview>>;
  /** Joins; the list's id. */
  join(token: string): Promise<LinkAnswer<string>>;
}

const PROBLEMS: readonly LinkProblem[] = ['not_found', 'revoked', 'expired', 'deleted', 'rate_limited', 'invalid'];

function answer<T>(outcome: TransportOutcome<T>): LinkAnswer<T> {
  if (outcome.kind === 'ok') return { ok: true, value: outcome.value };
  if (outcome.kind === 'unauthorized') return { ok: false, problem: 'signed_out', message: outcome.message };
  if (outcome.kind === 'refused') {
    // a refusal's code is the error's message, its words in details (daybook_private.refuse)
    const code = PROBLEMS.find((p) => p === outcome.message) ?? 'invalid';
    return { ok: false, problem: code, message: outcome.details ?? outcome.message };
  }
  return { ok: false, problem: 'offline', message: outcome.message };
}

export function linkJoin(transport: () => Pick<SyncTransport, 'linkPreview' | 'joinList'> | null): LinkJoin {
  async function ask<T>(call: (t: Pick<SyncTransport, 'linkPreview' | 'joinList'>) => Promise<TransportOutcome<T>> | undefined): Promise<LinkAnswer<T>> {
    const t = transport();
    if (!t) return spoken<LinkAnswer<T>>({ ok: false, problem: 'signed_out', message: 'Not signed in' });
    try {
      const outcome = await call(t);
      return spoken<LinkAnswer<T>>(outcome ? answer(outcome) : { ok: false, problem: 'offline', message: 'This server has no share links' });
    } catch (err) {
      return { ok: false, problem: 'offline', message: err instanceof Error ? err.message : String(err) };
    }
  }
  return {
    preview: (token) => ask((t) => t.linkPreview?.(token)),
    join: (token) => ask((t) => t.joinList?.(token)),
  };
}
