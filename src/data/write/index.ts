// Every user edit, as `entity.verb`. Each validates what the user typed (ValidationError with
// the SPEC §5 message, nothing written), builds the change's args, and in one transaction
// applies it through its one pure implementation (../mutations) and queues exactly one outbox
// entry whose name and args follow the API contract (ARCHITECTURE.md, MutationArgs).
export { INBOX_UNDELETABLE, LIST_MISSING, OWNER_ONLY, TASK_MISSING, VIEW_ONLY } from '../mutations/checks';
export type { TaskRow } from '../db/schema';
export { lists, type NewList } from './lists';
export { invitations } from './invitations';
export { members } from './members';
export { profile } from './profile';
export type { MoveTarget } from './move-target';
export { reminders } from './reminders';
export { steps } from './steps';
export { comments } from './comments';
export { notifications } from './notifications';
export { type NewTask, tasks } from './tasks';
export type { OccurrenceDone } from './tasks-repeat';
export { BULK_LIMIT, BULK_TOO_MANY, bulk, type BulkAction, type BulkResult, type BulkSkip } from './bulk-loader';
