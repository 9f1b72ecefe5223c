// Queued and refused changes in words: what a change does ("Add task “Buy milk”"), the text it
// carried (for "Copy text", so nothing the user typed is lost), and why the server refused it
// (SPEC §8's wording per code).
import { mediumDate } from '@/ui/format';
import type { Mutation, MutationError, Priority, TaskPatch } from '@/domain/model';
import { isReminderOffset, reminderLabel } from '@/domain/reminders/offsets';
import { plainBody } from '@/domain/mentions';
import { t } from './change-text/messages';
import { refusalReason } from './refusal-reason';

export { refusalReason };

/**
 * What the device knows about the records changes touch: task titles and list names by id,
 * member e-mails by `${listId}/${userId}` (from the data layer's changeSubjects()).
 */
export type Subjects = Record<string, string>;

/** A comment's first words, mentions as "@name". */
const excerpt = (body: string) => {
  const text = plainBody(body).replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};
const PRIORITY_LEVELS = { 0: 'none', 1: 'low', 2: 'medium', 3: 'high' } as const satisfies Record<Priority, string>;

function task(subjects: Subjects, id: string) {
  const title = subjects[id];
  return title ? t('changeText.taskNamed', { title }) : t('changeText.aTask');
}
function step(subjects: Subjects, id: string) {
  const title = subjects[id];
  return title ? t('changeText.stepNamed', { title }) : t('changeText.aStep');
}
function listName(subjects: Subjects, id: string) {
  const name = subjects[id];
  return name ? t('changeText.listNamed', { name }) : t('changeText.someList');
}
function label(subjects: Subjects, id: string) {
  const name = subjects[id];
  return name ? t('changeText.labelNamed', { name }) : t('changeText.aLabel');
}
function member(subjects: Subjects, listId: string, userId: string) {
  return subjects[`${listId}/${userId}`] || t('changeText.aMember');
}

/** While queued the record already has the new name here; once refused it is back to the server's. */
function renamed(kind: 'task' | 'list', current: string | undefined, to: string) {
  if (current && current !== to) return t(kind === 'task' ? 'changeText.renameTaskFrom' : 'changeText.renameListFrom', { from: current, to });
  return t(kind === 'task' ? 'changeText.renameTask' : 'changeText.renameList', { to });
}

function describeTaskPatch(patch: TaskPatch, subjects: Subjects, id: string): string {
  const fields = Object.keys(patch) as (keyof TaskPatch)[];
  const what = task(subjects, id);
  const repeat = () => t(patch.repeat ? 'changeText.makeRepeat' : 'changeText.stopRepeat', { task: what });
  if (fields.includes('repeat') && fields.every((f) => f === 'repeat' || f === 'repeat_anchor')) return repeat();
  if (fields.length !== 1) {
    // A move into another list also carries the position there.
    if (patch.list_id && fields.every((f) => f === 'list_id' || f === 'position')) return t('changeText.moveTo', { task: what, list: listName(subjects, patch.list_id) });
    if (fields.length === 2 && fields.includes('due_date') && fields.includes('due_time') && patch.due_date === null) return t('changeText.clearDue', { task: what });
    return t('changeText.edit', { what });
  }
  switch (fields[0]) {
    case 'title':
      return renamed('task', subjects[id], patch.title ?? '');
    case 'notes':
      return t('changeText.editNotes', { task: what });
    case 'due_date':
      return patch.due_date ? t('changeText.setDue', { task: what, date: mediumDate(patch.due_date) }) : t('changeText.clearDue', { task: what });
    case 'due_time':
      return patch.due_time ? t('changeText.setDueTime', { task: what, time: patch.due_time }) : t('changeText.clearDueTime', { task: what });
    case 'priority':
      return t('changeText.setPriority', { task: what, level: PRIORITY_LEVELS[patch.priority ?? 0] });
    case 'done':
      return t(patch.done ? 'changeText.complete' : 'changeText.reopen', { what });
    case 'repeat':
      return repeat();
    case 'list_id':
      return t('changeText.moveTo', { task: what, list: listName(subjects, patch.list_id ?? '') });
    default:
      return t('changeText.reorder', { what });
  }
}

/** One line a person can read, e.g. "Add task “Buy milk”" or "Invite ann@example.com as editor". */
export function describeChange(change: Mutation, subjects: Subjects = {}): string {
  switch (change.name) {
    case 'list.create':
      return t('changeText.createList', { name: change.args.name });
    case 'list.update': {
      const fields = Object.keys(change.args.patch);
      const what = listName(subjects, change.args.id);
      if (fields.length === 1 && change.args.patch.name !== undefined) return renamed('list', subjects[change.args.id], change.args.patch.name);
      if (fields.length === 1 && change.args.patch.color !== undefined) return t('changeText.changeColour', { what });
      if (fields.length === 1 && change.args.patch.position !== undefined) return t('changeText.reorder', { what });
      return t('changeText.edit', { what });
    }
    case 'list.delete':
      return t('changeText.delete', { what: listName(subjects, change.args.id) });
    case 'list.restore':
      return t('changeText.restore', { what: listName(subjects, change.args.id) });
    case 'task.create':
      return t('changeText.addTask', { title: change.args.title });
    case 'task.update':
      return describeTaskPatch(change.args.patch, subjects, change.args.id);
    case 'task.delete':
      return t('changeText.delete', { what: task(subjects, change.args.id) });
    case 'task.restore':
      return t('changeText.restore', { what: task(subjects, change.args.id) });
    case 'task.complete_occurrence':
      return t('changeText.completeFor', { task: task(subjects, change.args.id), date: mediumDate(change.args.occurrence) });
    case 'task.uncomplete_occurrence':
      return t('changeText.reopenFor', { task: task(subjects, change.args.id), date: mediumDate(change.args.occurrence) });
    case 'step.create':
      return t('changeText.addStep', { title: change.args.title, task: task(subjects, change.args.task_id) });
    case 'step.update': {
      const { patch } = change.args;
      const fields = Object.keys(patch);
      const what = step(subjects, change.args.id);
      if (fields.length === 1 && patch.title !== undefined) return t('changeText.renameTo', { what, to: patch.title });
      if (fields.length === 1 && patch.done !== undefined) return t(patch.done ? 'changeText.tick' : 'changeText.untick', { step: what });
      if (fields.length === 1 && patch.position !== undefined) return t('changeText.reorder', { what });
      return t('changeText.edit', { what });
    }
    case 'step.delete':
      return t('changeText.delete', { what: step(subjects, change.args.id) });
    case 'step.restore':
      return t('changeText.restore', { what: step(subjects, change.args.id) });
    case 'reminder.set': {
      const offset = change.args.offset_minutes;
      const what = task(subjects, change.args.task_id);
      return isReminderOffset(offset) ? t('changeText.remindWhen', { task: what, when: reminderLabel(offset).toLowerCase() }) : t('changeText.remind', { task: what });
    }
    case 'reminder.clear':
      return t('changeText.removeReminder', { task: task(subjects, change.args.task_id) });
    case 'reminder.snooze':
      return t('changeText.snooze', { task: task(subjects, change.args.task_id) });
    case 'label.create':
      return t('changeText.createLabel', { name: change.args.name });
    case 'label.update':
      return change.args.patch.name !== undefined
        ? t('changeText.renameTo', { what: label(subjects, change.args.id), to: change.args.patch.name })
        : t('changeText.changeColour', { what: label(subjects, change.args.id) });
    case 'label.delete':
      return t('changeText.delete', { what: label(subjects, change.args.id) });
    case 'task_label.add':
      return t('changeText.labelTask', { task: task(subjects, change.args.task_id), label: label(subjects, change.args.label_id) });
    case 'task_label.remove':
      return t('changeText.removeLabel', { label: label(subjects, change.args.label_id), task: task(subjects, change.args.task_id) });
    case 'filter.create':
      return t('changeText.createFilter', { name: change.args.name });
    case 'filter.update':
      return change.args.patch.name !== undefined ? t('changeText.renameFilter', { name: change.args.patch.name }) : t('changeText.editFilter');
    case 'filter.delete':
      return t('changeText.deleteFilter');
    case 'member.invite':
      return t('changeText.invite', { email: change.args.email, role: change.args.role });
    case 'member.set_role':
      return t('changeText.setRole', { member: member(subjects, change.args.list_id, change.args.user_id), role: change.args.role, list: listName(subjects, change.args.list_id) });
    case 'member.remove':
      return t('changeText.removeMember', { member: member(subjects, change.args.list_id, change.args.user_id), list: listName(subjects, change.args.list_id) });
    case 'list.leave':
      return t('changeText.leave', { list: listName(subjects, change.args.list_id) });
    case 'invitation.accept':
      return t('changeText.accept', { list: listName(subjects, change.args.list_id) });
    case 'invitation.decline':
      return t('changeText.decline', { list: listName(subjects, change.args.list_id) });
    case 'invitation.cancel':
      return t('changeText.cancelInvite', { email: change.args.email });
    case 'link.create':
      return t('changeText.makeLink', { list: listName(subjects, change.args.list_id) });
    case 'link.revoke':
      return t('changeText.revokeLink', { list: listName(subjects, change.args.list_id) });
    case 'profile.update':
      return typeof change.args.display_name === 'string' ? t('changeText.changeName', { name: change.args.display_name }) : t('changeText.changeProfile');
    case 'feed.create':
      return t('changeText.createFeed', { name: change.args.name });
    case 'feed.revoke':
      return t('changeText.revokeFeed');
    case 'comment.create':
      return t('changeText.comment', { task: task(subjects, change.args.task_id), text: excerpt(change.args.body) });
    case 'comment.update':
      return t('changeText.editComment', { text: excerpt(change.args.body) });
    case 'comment.delete':
      return t('changeText.deleteComment');
    case 'notification.read':
      return t('changeText.markRead');
    case 'notification.read_all':
      return t('changeText.markAllRead');
    case 'list.notify':
      return t('changeText.notify', { level: change.args.level });
  }
}

/** The words the user typed that this change carries (title, notes, name, e-mail); else its description. */
export function changeText(change: Mutation, subjects: Subjects = {}): string {
  const parts: string[] = [];
  switch (change.name) {
    case 'task.create':
      parts.push(change.args.title, change.args.notes ?? '');
      break;
    case 'task.update':
      parts.push(change.args.patch.title ?? '', change.args.patch.notes ?? '');
      break;
    case 'list.create':
      parts.push(change.args.name);
      break;
    case 'step.create':
      parts.push(change.args.title);
      break;
    case 'step.update':
      parts.push(change.args.patch.title ?? '');
      break;
    case 'list.update':
      parts.push(change.args.patch.name ?? '');
      break;
    case 'label.create':
      parts.push(change.args.name);
      break;
    case 'label.update':
      parts.push(change.args.patch.name ?? '');
      break;
    case 'filter.create':
      parts.push(change.args.name);
      break;
    case 'feed.create':
      parts.push(change.args.name);
      break;
    case 'member.invite':
      parts.push(change.args.email);
      break;
    case 'profile.update':
      parts.push(change.args.display_name ?? '');
      break;
    case 'comment.create':
    case 'comment.update':
      parts.push(plainBody(change.args.body));
      break;
  }
  const typed = parts.filter((p) => p.trim() !== '');
  return typed.length ? typed.join('\n\n') : describeChange(change, subjects);
}

/** The reason as a sentence on its own (the sync centre). */
export function refusalSentence(error: MutationError): string {
  const reason = refusalReason(error);
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
