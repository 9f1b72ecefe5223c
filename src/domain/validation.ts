// SPEC §5 validation, pure. Each check returns the normalised value or throws ValidationError
// with the exact user-facing message, so the writes and JSON import refuse the same way.
import { isValidIsoDate } from '@/lib/dates';
import { ValidationError } from '@/lib/errors';
import { LIST_COLORS, type ListColor, type Priority, type TaskPatch } from './model';
import { checkRepeat } from './recurrence/parse';
import { codePoints, hasForbiddenCharacter, normalizeNewlines, trimText } from '@/lib/text';

// In dates.ts so that a route checking a date in the URL doesn't load these checks (and the
// recurrence parser a repeat needs) with the first screen.
export { isValidIsoDate };

export const MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 500 characters',
  notesTooLong: 'Notes must be at most 10,000 characters',
  listNameRequired: 'List name is required',
  listNameTooLong: 'List name must be at most 80 characters',
  dateRange: 'Pick a date between 1900 and 2999',
  timeWithoutDate: 'Set a date before setting a time',
  priority: 'Priority must be none, low, medium or high',
  color: `Color must be one of ${LIST_COLORS.join(', ')}`,
  time: 'Pick a time between 00:00 and 23:59',
  titleCharacter: 'Title contains a character that can’t be saved',
  notesCharacter: 'Notes contain a character that can’t be saved',
  listNameCharacter: 'List name contains a character that can’t be saved',
  repeatWithoutDate: 'Set a date before repeating',
  anchor: 'Pick a first date between 1900 and 2999',
  stepRequired: 'Step is required',
  stepTooLong: 'Step must be at most 200 characters',
  stepCharacter: 'Step contains a character that can’t be saved',
  tooManySteps: 'A task holds at most 100 steps',
  tooManyMembers: 'A list holds at most 50 members',
  reminderWithoutDate: 'Set a date before adding a reminder',
  reminderOffset: 'Pick one of the reminder times',
  stepsStartOver: 'Start steps over must be on or off',
  duration: 'Pick a duration from 15 minutes to 8 hours',
  durationWithoutTime: 'Set a time before setting a duration',
  commentRequired: 'Comment is required',
  commentTooLong: 'Comment must be at most 2,000 characters',
  commentCharacter: 'Comment contains a character that can’t be saved',
  tooManyComments: 'A task holds at most 500 comments',
} as const;

export const LIMITS = { title: 500, notes: 10_000, listName: 80, step: 200, steps: 100, members: 50, comment: 2000, comments: 500 } as const;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

// Text follows one rule on client and server (./text.ts): Unicode white space trimmed, length
// in code points, no control characters (notes may hold newline and tab), no lone surrogates.

export function normalizeTitle(raw: unknown): string {
  const title = typeof raw === 'string' ? trimText(raw) : '';
  if (!title) throw new ValidationError('title', MESSAGES.titleRequired);
  if (hasForbiddenCharacter(title, false)) throw new ValidationError('title', MESSAGES.titleCharacter);
  if (codePoints(title) > LIMITS.title) throw new ValidationError('title', MESSAGES.titleTooLong);
  return title;
}

export function normalizeNotes(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new ValidationError('notes', MESSAGES.notesTooLong);
  const notes = normalizeNewlines(raw);
  if (hasForbiddenCharacter(notes, true)) throw new ValidationError('notes', MESSAGES.notesCharacter);
  if (codePoints(notes) > LIMITS.notes) throw new ValidationError('notes', MESSAGES.notesTooLong);
  return notes;
}

export function normalizeListName(raw: unknown): string {
  const name = typeof raw === 'string' ? trimText(raw) : '';
  if (!name) throw new ValidationError('name', MESSAGES.listNameRequired);
  if (hasForbiddenCharacter(name, false)) throw new ValidationError('name', MESSAGES.listNameCharacter);
  if (codePoints(name) > LIMITS.listName) throw new ValidationError('name', MESSAGES.listNameTooLong);
  return name;
}

export function checkColor(raw: unknown): ListColor {
  if (typeof raw === 'string' && (LIST_COLORS as readonly string[]).includes(raw)) return raw as ListColor;
  throw new ValidationError('color', MESSAGES.color);
}

/** `null`, `undefined` and '' all mean "no due date". */
export function checkDueDate(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'string' && isValidIsoDate(raw)) return raw;
  throw new ValidationError('due_date', MESSAGES.dateRange);
}

/** SPEC §14.3: a deadline, like a due date: `null`, `undefined` and '' all mean none. */
export function checkDeadline(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'string' && isValidIsoDate(raw)) return raw;
  throw new ValidationError('deadline', MESSAGES.dateRange);
}

function checkStepsStartOver(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === 'boolean') return raw;
  throw new ValidationError('steps_start_over', MESSAGES.stepsStartOver);
}

export function checkDueTime(raw: unknown): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'string' && HH_MM.test(raw)) return raw;
  throw new ValidationError('due_time', MESSAGES.time);
}

/** SPEC §18: whole minutes from 15 to 480 (8 hours), or null for none. */
export function checkDuration(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= DURATION_LIMITS.min && raw <= DURATION_LIMITS.max) return raw;
  throw new ValidationError('duration_min', MESSAGES.duration);
}

export const DURATION_LIMITS = { min: 15, max: 480 } as const;

export function checkPriority(raw: unknown): Priority {
  if (raw === undefined || raw === null) return 0;
  if (raw === 0 || raw === 1 || raw === 2 || raw === 3) return raw;
  throw new ValidationError('priority', MESSAGES.priority);
}

export function checkDateTimePair(dueDate: string | null, dueTime: string | null): void {
  if (dueTime !== null && dueDate === null) throw new ValidationError('due_time', MESSAGES.timeWithoutDate);
}

export function normalizeStepTitle(raw: unknown): string {
  const title = typeof raw === 'string' ? trimText(raw) : '';
  if (!title) throw new ValidationError('title', MESSAGES.stepRequired);
  if (hasForbiddenCharacter(title, false)) throw new ValidationError('title', MESSAGES.stepCharacter);
  if (codePoints(title) > LIMITS.step) throw new ValidationError('title', MESSAGES.stepTooLong);
  return title;
}

/** A comment's body (SPEC §17): trimmed plain text, newlines and tabs kept, 1–2,000 characters. */
export function normalizeCommentBody(raw: unknown): string {
  const body = typeof raw === 'string' ? trimText(raw) : '';
  if (!body) throw new ValidationError('body', MESSAGES.commentRequired);
  if (hasForbiddenCharacter(body, true)) throw new ValidationError('body', MESSAGES.commentCharacter);
  if (codePoints(body) > LIMITS.comment) throw new ValidationError('body', MESSAGES.commentTooLong);
  return body;
}

/**
 * A repeat (SPEC §11.1) as stored: the canonical RRULE text and its anchor, or both null. The
 * anchor is the one given, else the due date (a new series starts at the task's date).
 */
export function checkRepeatFields(repeat: unknown, anchor: unknown, dueDate: string | null): { repeat: string | null; repeat_anchor: string | null } {
  if (repeat !== undefined && repeat !== null && typeof repeat !== 'string') throw new ValidationError('repeat', 'Repeat must be a rule');
  const rule = checkRepeat(repeat as string | null | undefined, dueDate);
  if (rule === null) return { repeat: null, repeat_anchor: null };
  if (anchor === undefined || anchor === null || anchor === '') return { repeat: rule, repeat_anchor: dueDate };
  if (typeof anchor === 'string' && isValidIsoDate(anchor)) return { repeat: rule, repeat_anchor: anchor };
  throw new ValidationError('repeat', MESSAGES.anchor);
}

export interface TaskDraftInput {
  title?: unknown;
  notes?: unknown;
  due_date?: unknown;
  due_time?: unknown;
  priority?: unknown;
  repeat?: unknown;
  repeat_anchor?: unknown;
  deadline?: unknown;
  steps_start_over?: unknown;
}
export interface TaskDraft {
  title: string;
  notes: string;
  due_date: string | null;
  due_time: string | null;
  priority: Priority;
  repeat: string | null;
  repeat_anchor: string | null;
  deadline: string | null;
  steps_start_over: boolean;
}

/** Checks fields in form order (title first) so the first message is the one the user sees first. */
export function validateTaskDraft(input: TaskDraftInput): TaskDraft {
  const title = normalizeTitle(input.title);
  const notes = normalizeNotes(input.notes);
  const due_date = checkDueDate(input.due_date);
  const due_time = checkDueTime(input.due_time);
  checkDateTimePair(due_date, due_time);
  const priority = checkPriority(input.priority);
  const deadline = checkDeadline(input.deadline);
  const steps_start_over = checkStepsStartOver(input.steps_start_over);
  return { title, notes, due_date, due_time, priority, ...checkRepeatFields(input.repeat, input.repeat_anchor, due_date), deadline, steps_start_over };
}

type EditableTaskFields = Pick<TaskDraft, 'due_date' | 'due_time'> & { repeat?: string | null; duration_min?: number | null };

/**
 * Validates only the fields present in `patch` and returns them normalised. Clearing the date
 * of a task that has a time also clears the time, since a time without a date is invalid.
 */
export function validateTaskPatch(current: EditableTaskFields, patch: TaskPatch): TaskPatch {
  const out: TaskPatch = {};
  if ('title' in patch) out.title = normalizeTitle(patch.title);
  if ('notes' in patch) out.notes = normalizeNotes(patch.notes);
  if ('due_date' in patch) out.due_date = checkDueDate(patch.due_date);
  if ('due_time' in patch) out.due_time = checkDueTime(patch.due_time);
  const nextDate = 'due_date' in out ? (out.due_date ?? null) : current.due_date;
  if (nextDate === null && !('due_time' in out) && current.due_time !== null) out.due_time = null;
  const nextTime = 'due_time' in out ? (out.due_time ?? null) : current.due_time;
  checkDateTimePair(nextDate, nextTime);
  // A duration belongs to a time: clearing the time (or the date, which clears it) clears it too.
  if ('duration_min' in patch) {
    out.duration_min = checkDuration(patch.duration_min);
    if (out.duration_min !== null && nextTime === null) throw new ValidationError('duration_min', MESSAGES.durationWithoutTime);
  } else if (nextTime === null && (current.duration_min ?? null) !== null) out.duration_min = null;
  // A repeat needs a date: clearing the date clears the repeat; setting a repeat without an
  // anchor starts the series at the (resulting) due date.
  if ('repeat' in patch || 'repeat_anchor' in patch) {
    const repeat = 'repeat' in patch ? patch.repeat : (current.repeat ?? null);
    const fields = checkRepeatFields(repeat, patch.repeat_anchor, nextDate);
    out.repeat = fields.repeat;
    out.repeat_anchor = fields.repeat_anchor;
  } else if (nextDate === null && (current.repeat ?? null) !== null) {
    out.repeat = null;
    out.repeat_anchor = null;
  }
  if ('priority' in patch) out.priority = checkPriority(patch.priority);
  if ('deadline' in patch) out.deadline = checkDeadline(patch.deadline);
  if ('steps_start_over' in patch) {
    if (typeof patch.steps_start_over !== 'boolean') throw new ValidationError('steps_start_over', MESSAGES.stepsStartOver);
    out.steps_start_over = patch.steps_start_over;
  }
  if ('done' in patch) {
    if (typeof patch.done !== 'boolean') throw new ValidationError('done', 'Done must be true or false');
    out.done = patch.done;
  }
  if ('list_id' in patch) {
    if (typeof patch.list_id !== 'string' || !patch.list_id) throw new ValidationError('list_id', 'Pick a list');
    out.list_id = patch.list_id;
  }
  if ('position' in patch) {
    if (typeof patch.position !== 'string' || !patch.position) throw new ValidationError('position', 'Invalid position');
    out.position = patch.position;
  }
  // who does it: checked against the list's members where those are known (src/data/mutations)
  if ('assignee' in patch) out.assignee = patch.assignee ?? null;
  if ('turns' in patch) out.turns = patch.turns ?? null;
  return out;
}

export interface ListDraft {
  name: string;
  color: ListColor;
}
export function validateListDraft(input: { name?: unknown; color?: unknown }): ListDraft {
  return { name: normalizeListName(input.name), color: checkColor(input.color ?? 'grey') };
}
