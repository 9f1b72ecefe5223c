// sync_push / sync_pull (and an import's ids_in_use) over supabase.rpc, each answer classified
// for the engine (SPEC §7): 2xx ok · network, timeout, 408, 429, 5xx retry · 401 refresh once
// and retry (a refresh that fails for lack of network is a retry; one the server refuses means
// the session expired, or was revoked: revoked-session.ts) · 413 too_large · any other 4xx refused as a whole.
import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import type { PullResult, PushResult } from '@/domain/model';
import type { HistoryEntry, LinkPreview, PullRequest, PushRequest, SyncTransport, TransportOutcome } from '@/sync/ports';
import { isRevokedCode } from './revoked-session';
import { isTimeoutMessage } from './timeout-fetch';

interface RpcAnswer {
  data: unknown;
  error: { message: string; code?: string; details?: string | null } | null;
  status: number;
}

type Failed = Exclude<TransportOutcome<never>, { kind: 'ok' }>;

/** Classifies one RPC answer; `null` means 401 (the caller refreshes and retries). */
export function classify<T>(answer: RpcAnswer): TransportOutcome<T> | null {
  const { status, error } = answer;
  if (status >= 200 && status < 300 && !error) return { kind: 'ok', value: answer.data as T };
  const message = error?.message ?? `HTTP ${status}`;
  if (status === 0) return { kind: 'retry', reason: isTimeoutMessage(message) ? 'timeout' : 'network', status, message };
  if (status === 401) return null;
  if (status === 413) return { kind: 'too_large', message };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', reason: 'server', status, message };
  if (status >= 400) return error?.details ? { kind: 'refused', status, message, details: error.details } : { kind: 'refused', status, message };
  return { kind: 'retry', reason: 'server', status, message };
}

/** A refresh that failed for lack of network (or a busy server) changes nothing. */
function transient(error: { status?: number }): boolean {
  return isAuthRetryableFetchError(error) || error.status === 429 || (error.status ?? 0) >= 500;
}

/**
 * auth-js caches a failed refresh for 60 s and answers every refresh in that window with it.
 * For a network failure that would keep sync down for up to a minute after the connection is
 * back; the engine already spaces its attempts (backoff), so a cached *transient* failure is
 * dropped before each attempt. Refusals stay cached: they mean the session is over.
 */
function forgetTransientRefreshFailure(supabase: SupabaseClient) {
  const auth = supabase.auth as unknown as { lastRefreshFailure?: { result?: { error?: unknown } } | null };
  const cached = auth.lastRefreshFailure?.result?.error;
  if (cached && transient(cached as { status?: number })) auth.lastRefreshFailure = null;
}

const expired = (message: string): Failed => ({ kind: 'unauthorized', message });
/** The server ended the session (signed out everywhere): not an expiry. */
const revoked = (message: string): Failed => ({ kind: 'unauthorized', message, revoked: true });
const retryLater = (error: { message: string; status?: number }): Failed => {
  const status = error.status ?? 0;
  return { kind: 'retry', reason: status ? 'server' : 'network', status, message: error.message };
};

/**
 * A transport that only ever speaks as `userId`: if the stored session is someone else's (or
 * gone), requests are not sent and the answer is `unauthorized`, so one user's queue can never
 * land in another user's account.
 */
export function createRpcTransport(supabase: SupabaseClient, userId: string): SyncTransport {
  /** The session to send with, refreshed when the server said 401. */
  async function session(refresh: boolean): Promise<Failed | null> {
    forgetTransientRefreshFailure(supabase);
    const { data, error } = refresh ? await supabase.auth.refreshSession() : await supabase.auth.getSession();
    if (error) return transient(error) ? retryLater(error) : isRevokedCode(error.code) ? revoked(error.message) : expired(error.message);
    if (!data.session) return refresh ? expired('No session') : session(true);
    if (data.session.user.id !== userId) return expired('Signed in as another user');
    return null;
  }

  async function call<T>(fn: 'sync_push' | 'sync_pull' | 'ids_in_use' | 'link_preview' | 'join_list' | 'task_history' | 'list_activity', args: Record<string, unknown>): Promise<TransportOutcome<T>> {
    const before = await session(false);
    if (before) return before;
    const first = classify<T>((await supabase.rpc(fn, args)) as RpcAnswer);
    if (first) return first;
    const renewed = await session(true);
    if (renewed) return renewed;
    return classify<T>((await supabase.rpc(fn, args)) as RpcAnswer) ?? expired('The server refused the renewed session');
  }

  return {
    push: ({ clientId, mutations }: PushRequest) => call<PushResult>('sync_push', { p_client_id: clientId, p_mutations: mutations }),
    pull: ({ clientId, cursors, limit, count }: PullRequest) =>
      call<PullResult>('sync_pull', {
        p_client_id: clientId,
        p_cursors: cursors,
        ...(limit ? { p_limit: limit } : {}),
        ...(count ? { p_count: true } : {}),
      }),
    idsInUse: (ids: string[]) => call<string[]>('ids_in_use', { p_ids: ids }),
    linkPreview: (token: string) => call<LinkPreview>('link_preview', { p_token: token }),
    joinList: (token: string) => call<string>('join_list', { p_token: token }),
    taskHistory: (taskId: string, before: number | null) => call<HistoryEntry[]>('task_history', { p_task_id: taskId, p_before: before }),
    listActivity: (listId: string, before: number | null) => call<HistoryEntry[]>('list_activity', { p_list_id: listId, p_before: before }),
  };
}
