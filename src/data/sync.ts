// The data layer's entry for the sync engine and the sync centre: the device's databases as the
// engine's port, pulls, the outbox, refusals and adoption. Kept out of '@/data' because the first
// screen imports '@/data' for its writes, and the bundler places a module by the imports that
// reach it, used or not: re-exported there, all of this was fetched before the first paint.
export { adoptLocalData, deleteDatabase } from './sync/adopt';
export { changeSubjects } from './read/change-subjects';
export { PUSH_BATCH, pendingMutations } from './write/outbox';
export { applyPull } from './sync/pull-apply';
export { discardRefused, refuseLocally, retryRefused } from './sync/refusals';
export { createSyncStore, syncDatabases } from './sync/store';
