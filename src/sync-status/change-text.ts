// Queued and refused changes in words: what a change does ("Add task “Buy milk”"), the text it
// carried (for "Copy text", so nothing the user typed is lost), and why the server refused it
// (SPEC §8's wording per code).
import { mediumDate } from '@/ui/format';
import type { Mutation, MutationError, Priority, TaskPatch } from '@/domain/model';
import { isReminderOffset, reminderLabel } from '@/domain/reminders/offsets';
import { plainBody } from '@/domain/mentions';
import { refusalReason } from './refusal-reason';

export { refusalReason };

/**
 * What the device knows about the records changes touch: task titles and list names by id,
 * member e-mails by `${listId}/${userId}` (from the data layer's changeSubjects()).
 */
export type Subjects = Record<string, string>;

const quoted = (text: string) => `“${text}”`;
/** A comment's first words, mentions as "@name". */
const excerpt = (body: string) => {
  const text = plainBody(body).replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};
const PRIORITY_WORDS: Record<Priority, string> = { 0: 'none', 1: 'low', 2: 'medium', 3: 'high' };

function task(subjects: Subjects, id: string) {
  const title = subjects[id];
  return title ? `task ${quoted(title)}` : 'a task';
}
function step(subjects: Subjects, id: string) {
  const title = subjects[id];
  return title ? `step ${quoted(title)}` : 'a step';
}
function listName(subjects: Subjects, id: string) {
  const name = subjects[id];
  return name ? `list ${quoted(name)}` : 'a list';
}
function label(subjects: Subjects, id: string) {
  const name = subjects[id];
  return name ? `label ${quoted(name)}` : 'a label';
}
function member(subjects: Subjects, listId: string, userId: string) {
  return subjects[`${listId}/${userId}`] || 'a member';
}

/** While queued the record already has the new name here; once refused it is back to the server's. */
function renamed(kind: 'task' | 'list', current: string | undefined, next: string) {
  return current && current !== next ? `Rename ${kind} ${quoted(current)} to ${quoted(next)}` : `Rename a ${kind} to ${quoted(next)}`;
}

function describeTaskPatch(patch: TaskPatch, subjects: Subjects, id: string): string {
  const fields = Object.keys(patch) as (keyof TaskPatch)[];
  const what = task(subjects, id);
  if (fields.includes('repeat') && fields.every((f) => f === 'repeat' || f === 'repeat_anchor')) {
    return patch.repeat ? `Make ${what} repeat` : `Stop ${what} repeating`;
  }
  if (fields.length !== 1) {
    // A move into another list also carries the position there.
    if (patch.list_id && fields.every((f) => f === 'list_id' || f === 'position')) return `Move ${what} to ${listName(subjects, patch.list_id)}`;
    if (fields.length === 2 && fields.includes('due_date') && fields.includes('due_time') && patch.due_date === null) return `Clear the due date of ${what}`;
    return `Edit ${what}`;
  }
  switch (fields[0]) {
    case 'title':
      return renamed('task', subjects[id], patch.title ?? '');
    case 'notes':
      return `Edit the notes of ${what}`;
    case 'due_date':
      return patch.due_date ? `Set ${what} due ${mediumDate(patch.due_date)}` : `Clear the due date of ${what}`;
    case 'due_time':
      return patch.due_time ? `Set ${what} due at ${patch.due_time}` : `Clear the due time of ${what}`;
    case 'priority':
      return `Set the priority of ${what} to ${PRIORITY_WORDS[patch.priority ?? 0]}`;
    case 'done':
      return patch.done ? `Complete ${what}` : `Reopen ${what}`;
    case 'repeat':
      return patch.repeat ? `Make ${what} repeat` : `Stop ${what} repeating`;
    case 'list_id':
      return `Move ${what} to ${listName(subjects, patch.list_id ?? '')}`;
    default:
      return `Reorder ${what}`;
  }
}

/** One line a person can read, e.g. "Add task “Buy milk”" or "Invite ann@example.com as editor". */
export function describeChange(change: Mutation, subjects: Subjects = {}): string {
  switch (change.name) {
    case 'list.create':
      return `Create list ${quoted(change.args.name)}`;
    case 'list.update': {
      const fields = Object.keys(change.args.patch);
      const what = listName(subjects, change.args.id);
      if (fields.length === 1 && change.args.patch.name !== undefined) return renamed('list', subjects[change.args.id], change.args.patch.name);
      if (fields.length === 1 && change.args.patch.color !== undefined) return `Change the colour of ${what}`;
      if (fields.length === 1 && change.args.patch.position !== undefined) return `Reorder ${what}`;
      return `Edit ${what}`;
    }
    case 'list.delete':
      return `Delete ${listName(subjects, change.args.id)}`;
    case 'list.restore':
      return `Restore ${listName(subjects, change.args.id)}`;
    case 'task.create':
      return `Add task ${quoted(change.args.title)}`;
    case 'task.update':
      return describeTaskPatch(change.args.patch, subjects, change.args.id);
    case 'task.delete':
      return `Delete ${task(subjects, change.args.id)}`;
    case 'task.restore':
      return `Restore ${task(subjects, change.args.id)}`;
    case 'task.complete_occurrence':
      return `Complete ${task(subjects, change.args.id)} for ${mediumDate(change.args.occurrence)}`;
    case 'task.uncomplete_occurrence':
      return `Reopen ${task(subjects, change.args.id)} for ${mediumDate(change.args.occurrence)}`;
    case 'step.create':
      return `Add step ${quoted(change.args.title)} to ${task(subjects, change.args.task_id)}`;
    case 'step.update': {
      const { patch } = change.args;
      const fields = Object.keys(patch);
      if (fields.length === 1 && patch.title !== undefined) return `Rename ${step(subjects, change.args.id)} to ${quoted(patch.title)}`;
      if (fields.length === 1 && patch.done !== undefined) return `${patch.done ? 'Tick' : 'Untick'} ${step(subjects, change.args.id)}`;
      if (fields.length === 1 && patch.position !== undefined) return `Reorder ${step(subjects, change.args.id)}`;
      return `Edit ${step(subjects, change.args.id)}`;
    }
    case 'step.delete':
      return `Delete ${step(subjects, change.args.id)}`;
    case 'step.restore':
      return `Restore ${step(subjects, change.args.id)}`;
    case 'reminder.set': {
      const offset = change.args.offset_minutes;
      const when = isReminderOffset(offset) ? ` (${reminderLabel(offset).toLowerCase()})` : '';
      return `Remind me of ${task(subjects, change.args.task_id)}${when}`;
    }
    case 'reminder.clear':
      return `Remove the reminder on ${task(subjects, change.args.task_id)}`;
    case 'reminder.snooze':
      return `Snooze the reminder on ${task(subjects, change.args.task_id)}`;
    case 'label.create':
      return `Create label ${quoted(change.args.name)}`;
    case 'label.update':
      return change.args.patch.name !== undefined ? `Rename ${label(subjects, change.args.id)} to ${quoted(change.args.patch.name)}` : `Change the colour of ${label(subjects, change.args.id)}`;
    case 'label.delete':
      return `Delete ${label(subjects, change.args.id)}`;
    case 'task_label.add':
      return `Label ${task(subjects, change.args.task_id)} ${label(subjects, change.args.label_id)}`;
    case 'task_label.remove':
      return `Remove ${label(subjects, change.args.label_id)} from ${task(subjects, change.args.task_id)}`;
    case 'filter.create':
      return `Create filter ${quoted(change.args.name)}`;
    case 'filter.update':
      return change.args.patch.name !== undefined ? `Rename a filter to ${quoted(change.args.patch.name)}` : 'Edit a filter';
    case 'filter.delete':
      return 'Delete a filter';
    case 'member.invite':
      return `Invite ${change.args.email} as ${change.args.role}`;
    case 'member.set_role':
      return `Make ${member(subjects, change.args.list_id, change.args.user_id)} ${change.args.role === 'editor' ? 'an editor' : 'a viewer'} of ${listName(subjects, change.args.list_id)}`;
    case 'member.remove':
      return `Remove ${member(subjects, change.args.list_id, change.args.user_id)} from ${listName(subjects, change.args.list_id)}`;
    case 'list.leave':
      return `Leave ${listName(subjects, change.args.list_id)}`;
    case 'invitation.accept':
      return `Accept the invitation to ${listName(subjects, change.args.list_id)}`;
    case 'invitation.decline':
      return `Decline the invitation to ${listName(subjects, change.args.list_id)}`;
    case 'invitation.cancel':
      return `Cancel the invitation of ${change.args.email}`;
    case 'link.create':
      return `Make a share link to ${listName(subjects, change.args.list_id)}`;
    case 'link.revoke':
      return `Revoke a share link to ${listName(subjects, change.args.list_id)}`;
    case 'profile.update':
      return typeof change.args.display_name === 'string' ? `Change your name to ${quoted(change.args.display_name)}` : 'Change your profile';
    case 'feed.create':
      return `Create calendar feed ${quoted(change.args.name)}`;
    case 'feed.revoke':
      return 'Revoke a calendar feed';
    case 'comment.create':
      return `Comment on ${task(subjects, change.args.task_id)}: ${quoted(excerpt(change.args.body))}`;
    case 'comment.update':
      return `Edit a comment: ${quoted(excerpt(change.args.body))}`;
    case 'comment.delete':
      return 'Delete a comment';
    case 'notification.read':
      return 'Mark notifications as read';
    case 'notification.read_all':
      return 'Mark all notifications as read';
    case 'list.notify':
      return `Notifications: ${change.args.level === 'mine' ? 'Only mine' : change.args.level === 'off' ? 'Off' : 'All'}`;
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
