// The data layer's plain entry (no React): the engine, the service worker and the UI's
// writes import from '@/data'; React hooks live in '@/data/react'; what only the sync engine and
// the sync centre use in '@/data/sync', and export/import in '@/data/backup' (both kept out of
// this file so that the first screen, which imports it, does not fetch them).
export { StorageFullError, ValidationError } from '@/lib/errors';
export {
  bootDatabase,
  createDatabase,
  databaseNameFor,
  getDb,
  openDatabase,
  resetDatabaseForTests,
  setCurrentDatabase,
  subscribeDatabase,
} from './db/database';
export type { DaybookDb } from './db/schema';
export { toComment, toCommentRow, toList, toListRow, toStep, toStepRow, toTask, toTaskRow } from './db/schema';
export type { Identity } from './db/identity';
export { LOCAL_DATABASE, META } from './db/identity';
export type { MoveTarget, NewList, NewTask, OccurrenceDone } from './write';
export { comments, invitations, lists, members, notifications, profile, steps, tasks } from './write';
export { BULK_LIMIT, BULK_TOO_MANY, bulk, type BulkAction, type BulkResult, type BulkSkip } from './write';
export { labelsByTask, listLabels } from './labels/queries';
export type { StepCount } from './read/step-queries';
export { listStepCounts, stepCounts, taskSteps } from './read/step-queries';
export { commentCounts, listCommentCounts, taskComments } from './read/comment-queries';
export { observe } from './live/observe';
export { deferFirstRuns, endDeferredFirstRuns } from './live/first-runs';
export { preloadWrites } from './write/preload';
export { bulkTooMany } from './write/bulk-loader';
export { markReminderShown, SHOWN_KEEP_MS, wasReminderShown } from './reminders/shown';
export type { ListSharing, PendingInvite, PendingMemberChanges, Show } from './read/queries';
export {
  dayCounts,
  dayCountsWithRepeats,
  getIdentity,
  getList,
  getTask,
  listLists,
  listMembers,
  listSharing,
  listTasks,
  myInvitations,
  openTaskCounts,
  outboxCount,
  pendingMemberChanges,
  refusedEntries,
  repeatingTasks,
  SEARCH_LIMIT,
  searchTasks,
  todayTasks,
  upcomingWithRepeats,
  upcomingTasks,
} from './read/queries';
export { getClientId, getCursors, getLastSyncedAt, setLastSyncedAt } from './sync/meta';
export type { ReminderInputs, ReminderTask } from './reminders/queries';
export { getReminder, loadReminderInputs } from './reminders/queries';
export { reminders } from './write';
