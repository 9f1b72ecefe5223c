// The sync layer's public surface (see README.md). The app's one Sync is made in
// src/app/sync-instance.ts, which wires it to src/data and src/backend.
export { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffCeiling, backoffDelay } from './backoff';
export { adaptiveSize, answered, carried, PULL_MAX, PULL_START, PUSH_MAX, PUSH_START, SLOW_MS, tooLarge } from './adaptive';
export { MAX_BATCH_BYTES, MAX_BATCH_CHANGES, takeBatch } from './batch';
export { ACCOUNT_KEY, readStoredAccount, rememberedUserId, writeStoredAccount } from './stored-account';
export { createSyncEngine, type EngineOptions, type SyncEngine } from './engine';
export { alwaysOnline, browserEnvironment, realClock } from './environment';
export { createLeadership, type Leadership, soloLeadership } from './leader';
export { pokeFollower } from './pokes';
export { type PullProgress, pageRows, progressAfter } from './progress';
export {
  EDIT_DELAY_MS,
  FAILING_AFTER_MS,
  isFailing,
  PERIODIC_MS,
  POKE_DELAY_MS,
  type ScheduleEvent,
  type ScheduleState,
  schedule,
} from './schedule';
export { createSync, type Sync, type SyncDeps } from './facade';
export { type IdCheck, serverIdCheck } from './id-check';
export { type HistoryAnswer, type HistoryEntry, type HistoryReader, historyReader } from './history';
export { type LinkAnswer, type LinkJoin, type LinkPreview, type LinkProblem, linkJoin } from './link-join';
export type {
  AccountAuth,
  AuthAnswer,
  AuthLinkType,
  AuthPort,
  AuthRefusal,
  AuthSignal,
  AuthUser,
  Clock,
  Poke,
  PokeHandlers,
  PokeSource,
  PullOutcome,
  PullRequest,
  PushRequest,
  SyncDatabases,
  SyncEnvironment,
  SyncStore,
  SyncTransport,
  TransportOutcome,
} from './ports';
export type { Account, AuthOutcome, EngineEvent, EngineStatus, SyncEvent, SyncListener, SyncState, SyncStatus } from './types';
