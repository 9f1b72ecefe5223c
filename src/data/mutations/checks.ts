// The checks every mutation shares, as the server makes them (supabase/migrations:
// require_list, role_on): who may do what on which list, and field validation as refusals.
import { ValidationError } from '@/lib/errors';
import type { List, MutationError, Role } from '@/domain/model';
import { memberKey, type Rows } from './types';

export const LIST_MISSING = 'That list no longer exists';
export const TASK_MISSING = 'That task no longer exists';
export const TASK_ID_TAKEN = 'That task id is already in use';
export const VIEW_ONLY = 'You can only view this list';
export const OWNER_ONLY = "Only the list's owner can do that";
export const INBOX_UNDELETABLE = "The Inbox can't be deleted";
export const STEP_MISSING = 'That step no longer exists';
export const COMMENT_MISSING = 'This comment was deleted or unshared';

/** Thrown inside an apply to end it with a refusal; `guard` turns it into the outcome. */
export class Refusal extends Error {
  constructor(readonly error: MutationError) {
    super(error.message);
  }
}

export function refuse(code: MutationError['code'], message: string, field?: string): never {
  throw new Refusal(field === undefined ? { code, message } : { code, message, field });
}

/**
 * The person's role on a list they can see. No membership row on the device means a list made
 * here before its first sync — our own (the server adds the owner's row itself).
 */
export function roleOn(rows: Rows, listId: string, userId: string): Role {
  return rows.members.get(memberKey(listId, userId))?.role ?? 'owner';
}

export function requireRole(role: Role, need: 'editor' | 'owner'): void {
  if (role === 'owner') return;
  if (role === 'viewer') refuse('forbidden', VIEW_ONLY, 'list_id');
  if (need === 'owner') refuse('forbidden', OWNER_ONLY, 'list_id');
}

/** The live list, after checking the person may act on it at `need`. */
export function requireList(rows: Rows, listId: string, userId: string, need: 'viewer' | 'editor' | 'owner', field = 'list_id'): List {
  const list = rows.lists.get(listId);
  if (!list) refuse('not_found', LIST_MISSING, field);
  if (list.deleted_at) refuse('deleted', LIST_MISSING, field);
  if (need !== 'viewer') requireRole(roleOn(rows, listId, userId), need);
  return list;
}

/** Runs a validation from @/domain/validation; its ValidationError becomes an `invalid` refusal. */
export function valid<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof ValidationError) refuse('invalid', err.english, err.field);
    throw err;
  }
}

export function checkPosition(value: unknown): string {
  if (typeof value !== 'string' || !value) refuse('invalid', 'Invalid position', 'position');
  return value;
}
