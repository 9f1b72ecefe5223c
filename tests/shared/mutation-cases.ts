// The shared table of mutation cases (shape: ./mutation-case.ts). It describes what the
// server's sync_push does today; the client's pure `apply` runs the same rows, and where it
// differs on purpose a case says so in `client`. A case that records server behaviour a user
// might not expect is marked `// DISAGREEMENT:` (none is now: removing someone already removed,
// deleting a task its list's delete took, and leaving a deleted list are applied on both sides).
//
// For runners:
// - Ids: 'L<n>' lists, 'T<n>' tasks, 'S<n>' steps, 'C<n>' comments, 'B<n>' labels, 'F<n>' filters, 'P<n>' calendar feeds, 'N<n>' notifications; reminders are keyed '<task>/<person>' (a fresh UUID each per case, also when they appear only in
//   args, e.g. the id of a list.create or of a task that never existed), 'inbox:<person>' =
//   that person's user id (their Inbox), in args 'user:<person>' = user id and
//   'email:<person>' = their e-mail. Any other string is taken as it is.
// - Fields a case leaves out of `before` may take any valid value (e.g. a task title, a
//   list's name, colour and position): no expectation depends on them. A task's `created_by`
//   defaults to its list's owner.
// - `after` names only the rows and fields that are compared; for a refusal nothing may
//   change (the server runner checks that no version counter moved).
import { ASSIGNEE_CASES } from './mutation-cases/assignees';
import { COMPLETION_CASES } from './mutation-cases/completions';
import { INVITATION_CASES } from './mutation-cases/invitations';
import { LINK_CASES } from './mutation-cases/links';
import { PROFILE_CASES } from './mutation-cases/profiles';
import { DEADLINE_CASES } from './mutation-cases/deadlines';
import { DURATION_CASES } from './mutation-cases/durations';
import { FROM_DONE_CASES } from './mutation-cases/from-done';
import { FILTER_CASES } from './mutation-cases/filters';
import { FEED_CASES } from './mutation-cases/feeds';
import { NOTIFICATION_CASES } from './mutation-cases/notifications';
import { LABEL_CASES } from './mutation-cases/labels';
import { LEAVE_CASES } from './mutation-cases/leave';
import { LIST_CASES } from './mutation-cases/lists';
import { MEMBER_CASES } from './mutation-cases/members';
import { REMINDER_CASES } from './mutation-cases/reminders';
import { REPEAT_CASES } from './mutation-cases/repeat';
import { STEP_CASES } from './mutation-cases/steps';
import { COMMENT_CASES } from './mutation-cases/comments';
import { TASK_UPDATE_CASES } from './mutation-cases/task-update';
import { TASK_CASES } from './mutation-cases/tasks';
import { TEXT_CASES } from './mutation-cases/text';
import type { MutationCase } from './mutation-case';
import { UNDO_RECORD_CASES } from './mutation-cases/undo-record';

export const MUTATION_CASES: MutationCase[] = [...LIST_CASES, ...TASK_CASES, ...TASK_UPDATE_CASES, ...MEMBER_CASES, ...INVITATION_CASES, ...LINK_CASES, ...LEAVE_CASES, ...TEXT_CASES, ...REPEAT_CASES, ...COMPLETION_CASES, ...STEP_CASES, ...REMINDER_CASES, ...ASSIGNEE_CASES, ...DEADLINE_CASES, ...FROM_DONE_CASES, ...LABEL_CASES, ...FILTER_CASES, ...PROFILE_CASES, ...FEED_CASES, ...DURATION_CASES, ...COMMENT_CASES, ...UNDO_RECORD_CASES, ...NOTIFICATION_CASES];
