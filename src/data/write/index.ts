// Every user edit, as `entity.verb`. Each validates what the user typed (ValidationError with
// the SPEC §5 message, nothing written), builds the change's args, and in one transaction
// applies it through its one pure implementation (../mutations) and queues exactly one outbox
// entry whose name and args follow the API contract (ARCHITECTURE.md, MutationArgs).
export { INBOX_UNDELETABLE, LIST_MISSING, OWNER_ONLY, TASK_MISSING, VIEW_ONLY } from '../mutations/checks';
export type { TaskRow } from '../db/schema';
export type { MoveTarget } from './move-target';
export type { OccurrenceDone } from './tasks-repeat';
export type { NewList } from './lists';
export type { NewTask } from './tasks';
export { comments, invitations, lists, members, notifications, profile, reminders, steps, tasks } from './lazy';
export { BULK_LIMIT, BULK_TOO_MANY, bulk, type BulkAction, type BulkResult, type BulkSkip } from './bulk-loader';
