// One pure implementation per mutation name (ARCHITECTURE.md "One mutation, one client
// implementation"): the optimistic write, the rebase after a pull and the retry of a refused
// change all go through `applyMutation`. The server's SQL `apply_*` is the other
// implementation; tests/shared/mutation-cases runs one table of cases against both.
import type { Mutation, MutationName } from '@/domain/model';
import { Refusal } from './checks';
import { listCreate, listDelete, listLeave, listRestore, listUpdate } from './lists';
import { memberInvite, memberRemove, memberSetRole } from './members';
import { invitationAccept, invitationCancel, invitationDecline } from './invitations';
import { linkCreate, linkRevoke } from './links';
import { profileUpdate } from './profile';
import { feedCreate, feedRevoke } from './feeds';
import { taskCreate, taskDelete, taskRestore, taskUpdate } from './tasks';
import { taskCompleteOccurrence, taskUncompleteOccurrence } from './tasks-repeat';
import { reminderClear, reminderSet, reminderSnooze } from './reminders';
import { filterCreate, filterDelete, filterUpdate } from './filters';
import { labelCreate, labelDelete, labelUpdate, taskLabelAdd, taskLabelRemove } from './labels';
import { stepCreate, stepDelete, stepRestore, stepUpdate } from './steps';
import { commentCreate, commentDelete, commentUpdate } from './comments';
import { listNotify, notificationRead, notificationReadAll } from './notifications';
import type { Ctx, MutationDef, MutationDefs, Outcome, Reads, Rows } from './types';

export const MUTATIONS: MutationDefs = {
  'list.create': listCreate,
  'list.update': listUpdate,
  'list.delete': listDelete,
  'list.restore': listRestore,
  'list.leave': listLeave,
  'task.create': taskCreate,
  'task.update': taskUpdate,
  'task.delete': taskDelete,
  'task.restore': taskRestore,
  'task.complete_occurrence': taskCompleteOccurrence,
  'task.uncomplete_occurrence': taskUncompleteOccurrence,
  'step.create': stepCreate,
  'step.update': stepUpdate,
  'step.delete': stepDelete,
  'step.restore': stepRestore,
  'reminder.set': reminderSet,
  'reminder.clear': reminderClear,
  'reminder.snooze': reminderSnooze,
  'label.create': labelCreate,
  'label.update': labelUpdate,
  'label.delete': labelDelete,
  'task_label.add': taskLabelAdd,
  'task_label.remove': taskLabelRemove,
  'filter.create': filterCreate,
  'filter.update': filterUpdate,
  'filter.delete': filterDelete,
  'member.invite': memberInvite,
  'member.set_role': memberSetRole,
  'member.remove': memberRemove,
  'invitation.accept': invitationAccept,
  'invitation.decline': invitationDecline,
  'invitation.cancel': invitationCancel,
  'link.create': linkCreate,
  'link.revoke': linkRevoke,
  'profile.update': profileUpdate,
  'feed.create': feedCreate,
  'feed.revoke': feedRevoke,
  'comment.create': commentCreate,
  'notification.read': notificationRead,
  'notification.read_all': notificationReadAll,
  'list.notify': listNotify,
  'comment.update': commentUpdate,
  'comment.delete': commentDelete,
};

type AnyMutation = Pick<Mutation, 'name' | 'args'>;

/** A name this app version does not know (an outbox written by another version) has no def. */
function defOf(name: MutationName): MutationDef<MutationName> | undefined {
  return Object.hasOwn(MUTATIONS, name) ? (MUTATIONS[name] as MutationDef<MutationName>) : undefined;
}

export function readsOf(m: AnyMutation): Reads {
  return defOf(m.name)?.reads(m.args as never) ?? {};
}

/** The rows to write for one mutation, or the refusal the server would answer. Pure. */
export function applyMutation(rows: Rows, m: AnyMutation, ctx: Ctx): Outcome {
  const def = defOf(m.name);
  if (!def) return { ok: false, error: { code: 'invalid', message: `Unknown change ${String(m.name)}` } };
  try {
    return { ok: true, changes: def.apply(rows, m.args as never, ctx) };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, error: err.error };
    throw err;
  }
}

export { INBOX_UNDELETABLE, LIST_MISSING, OWNER_ONLY, STEP_MISSING, TASK_MISSING, VIEW_ONLY } from './checks';
export type { Changes, CommentRecord, Ctx, Outcome, Reads, ReminderRecord, Rows, StepRecord, TaskRecord } from './types';
export { invitationKey, keyOfInvitation, memberKey } from './types';
export { taskLabelKey } from './labels';
