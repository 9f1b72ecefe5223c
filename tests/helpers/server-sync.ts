// Thin typed wrappers over the two RPCs for integration tests.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { PullResult, PushResult } from '@/domain/model';

export type RawMutation = { id: number; name: string; args: Record<string, unknown> };

export async function push(client: SupabaseClient, clientId: string, mutations: RawMutation[]) {
  return client.rpc('sync_push', { p_client_id: clientId, p_mutations: mutations }) as unknown as Promise<{
    data: PushResult | null;
    error: { code: string; message: string } | null;
    status: number;
  }>;
}

export async function pull(client: SupabaseClient, clientId: string, cursors: Record<string, number> = {}, limit?: number) {
  const args: Record<string, unknown> = { p_client_id: clientId, p_cursors: cursors };
  if (limit !== undefined) args.p_limit = limit;
  return client.rpc('sync_pull', args) as unknown as Promise<{
    data: PullResult | null;
    error: { code: string; message: string } | null;
    status: number;
  }>;
}

/** Pushes and fails the test on a transport error; returns the answer. */
export async function pushOk(client: SupabaseClient, clientId: string, mutations: RawMutation[]): Promise<PushResult> {
  const { data, error } = await push(client, clientId, mutations);
  if (error || !data) throw new Error(`push failed: ${error?.message}`);
  return data;
}

/** A share link's token, and the SHA-256 the server keeps of it. */
export const newLinkToken = () => randomBytes(32).toString('base64url');
export const linkTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A share link made by the client's user through sync_push (applied, or this throws): its id and token. */
export async function linkCreate(client: SupabaseClient, listId: string, role = 'viewer', days = 7): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = newLinkToken();
  const r = await pushOk(client, randomUUID(), [
    { id: 1, name: 'link.create', args: { id, list_id: listId, role, expires_in_days: days, token_hash: linkTokenHash(token) } },
  ]);
  if (r.results[0]?.status !== 'applied') throw new Error(`link.create not applied: ${JSON.stringify(r.results[0])}`);
  return { id, token };
}

/** Pulls every page until has_more is false. */
export async function pullAll(client: SupabaseClient, clientId: string, cursors: Record<string, number> = {}, limit?: number) {
  const pages: PullResult[] = [];
  let cur = cursors;
  for (let i = 0; i < 1000; i++) {
    const { data, error } = await pull(client, clientId, cur, limit);
    if (error || !data) throw new Error(`pull failed: ${error?.message}`);
    pages.push(data);
    cur = data.cursors;
    if (!data.has_more) break;
  }
  return pages;
}

export const newId = (): string => randomUUID();

export function listCreate(id: number, listId: string, name = 'Home'): RawMutation {
  return { id, name: 'list.create', args: { id: listId, name, color: 'blue', position: 'a1' } };
}

export function taskCreate(id: number, taskId: string, listId: string, title = 'Buy milk', extra: Record<string, unknown> = {}): RawMutation {
  return { id, name: 'task.create', args: { id: taskId, list_id: listId, title, position: 'a0', ...extra } };
}

/**
 * The invitee's side of an invitation (SPEC §13.1): accepts theirs to each list, sent from a
 * client id of its own; fails the test unless every one is applied.
 */
export async function acceptInvitations(client: SupabaseClient, ...listIds: string[]): Promise<void> {
  const mutations = listIds.map((listId, i) => ({ id: i + 1, name: 'invitation.accept', args: { list_id: listId } }));
  const { results } = await pushOk(client, randomUUID(), mutations);
  const refused = results.filter((r) => r.status !== 'applied');
  if (refused.length) throw new Error(`accepting an invitation was refused: ${JSON.stringify(refused)}`);
}
