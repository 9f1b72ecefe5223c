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
} from './database';
export type { DaybookDb } from './schema';
export { toList, toListRow, toStep, toStepRow, toTask, toTaskRow } from './schema';
export type { Identity } from './identity';
export { LOCAL_DATABASE, META } from './identity';
export type { MoveTarget, NewList, NewTask, OccurrenceDone } from './mutators';
export { lists, members, steps, tasks } from './mutators';
export type { StepCount } from './step-queries';
export { listStepCounts, stepCounts, taskSteps } from './step-queries';
export { observe } from './live';
export { preloadWrites } from './preload';
export { markReminderShown, SHOWN_KEEP_MS, wasReminderShown } from './reminder-shown';
export type { ListSharing, PendingInvite, PendingMemberChanges, Show } from './queries';
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
} from './queries';
export { getClientId, getCursors, getLastSyncedAt, setLastSyncedAt } from './sync-meta';
export type { ReminderInputs, ReminderTask } from './reminder-queries';
export { getReminder, loadReminderInputs } from './reminder-queries';
export { reminders } from './mutators';
