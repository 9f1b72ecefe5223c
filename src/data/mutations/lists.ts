// list.create · list.update · list.delete · list.restore · list.leave, as pure applies.
import type { List, ListPatch } from '@/domain/model';
import { checkColor, normalizeListName } from '@/domain/validation';
import { checkPosition, INBOX_UNDELETABLE, LIST_MISSING, refuse, requireList, roleOn, valid } from './checks';
import { revivedSteps } from './tasks';
import type { MutationDef } from './types';

export const listCreate: MutationDef<'list.create'> = {
  reads: (args) => ({ lists: [args.id] }),
  apply(rows, args, { userId, now }) {
    if (rows.lists.has(args.id)) refuse('invalid', 'That list id is already in use', 'id');
    const list: List = {
      id: args.id,
      owner_id: userId,
      name: valid(() => normalizeListName(args.name)),
      color: valid(() => checkColor(args.color)),
      position: checkPosition(args.position),
      is_inbox: false,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
    };
    // The server adds the owner's membership itself; mirroring it lets the UI know our role now.
    return { lists: [list], members: [{ list_id: list.id, user_id: userId, email: '', role: 'owner' }] };
  },
};

export const listUpdate: MutationDef<'list.update'> = {
  reads: (args) => ({ lists: [args.id] }),
  apply(rows, { id, patch }, { userId, now }) {
    const list = requireList(rows, id, userId, 'owner', 'id');
    const clean: ListPatch = {};
    if ('name' in patch) clean.name = valid(() => normalizeListName(patch.name));
    if ('color' in patch) clean.color = valid(() => checkColor(patch.color));
    if ('position' in patch) clean.position = checkPosition(patch.position);
    return { lists: [{ ...list, ...clean, updated_at: now }] };
  },
};

/** Tombstones the list and its live tasks, marked deleted_with_list so restore knows which go back. */
export const listDelete: MutationDef<'list.delete'> = {
  reads: (args) => ({ lists: [args.id], listTasks: [{ listId: args.id, state: 'live' }], listSteps: [{ listId: args.id, state: 'live' }] }),
  apply(rows, { id }, { userId, now }) {
    const tasks = [...rows.tasks.values()]
      .filter((t) => t.list_id === id && !t.deleted_at)
      .map((t) => ({ ...t, deleted_at: now, updated_at: now, deleted_with_list: true }));
    // their live steps go with them (marked as their task's delete's, which the list's restore undoes)
    const steps = [...(rows.steps?.values() ?? [])]
      .filter((s) => s.list_id === id && !s.deleted_at)
      .map((s) => ({ ...s, deleted_at: now, updated_at: now, deleted_with_task: true }));
    // Deleting twice is harmless (deletes win). The server's deleted list has no live tasks; a
    // rebase may have just stored one pulled from before the delete, which goes with the list.
    const stored = rows.lists.get(id);
    if (stored?.deleted_at && roleOn(rows, id, userId) === 'owner') return { tasks, steps };
    const list = requireList(rows, id, userId, 'owner', 'id');
    if (list.is_inbox) refuse('invalid', INBOX_UNDELETABLE, 'id');
    return { lists: [{ ...list, deleted_at: now, updated_at: now }], tasks, steps };
  },
};

/** Brings back the list and exactly the tasks its delete took with it. */
export const listRestore: MutationDef<'list.restore'> = {
  reads: (args) => ({ lists: [args.id], listTasks: [{ listId: args.id, state: 'deleted' }], listSteps: [{ listId: args.id, state: 'deleted' }] }),
  apply(rows, { id }, { userId, now }) {
    const list = rows.lists.get(id);
    if (!list) refuse('not_found', 'That list no longer exists', 'id');
    if (roleOn(rows, id, userId) !== 'owner') refuse('forbidden', "Only the list's owner can do that", 'id');
    if (!list.deleted_at) return {};
    const tasks = [...rows.tasks.values()]
      .filter((t) => t.list_id === id && t.deleted_at && t.deleted_with_list)
      .map((t) => ({ ...t, deleted_at: null, updated_at: now, deleted_with_list: false }));
    const steps = revivedSteps(rows, tasks.map((t) => t.id), now);
    return { lists: [{ ...list, deleted_at: null, updated_at: now }], tasks, steps };
  },
};

/**
 * Nothing changes here: the list vanishes from this device when the next pull confirms it. A list
 * its owner deleted can be left too (the person's aim, not seeing it, holds either way).
 */
export const listLeave: MutationDef<'list.leave'> = {
  reads: (args) => ({ lists: [args.list_id] }),
  apply(rows, { list_id }, { userId }) {
    const list = rows.lists.get(list_id);
    if (!list) refuse('not_found', LIST_MISSING, 'list_id');
    if (list.is_inbox) refuse('invalid', "The Inbox can't be left", 'list_id');
    if (roleOn(rows, list_id, userId) === 'owner') refuse('invalid', "The owner can't leave the list", 'list_id');
    return {};
  },
};
