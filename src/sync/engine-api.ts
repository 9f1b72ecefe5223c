// The engine's API: what it is given (EngineOptions) and what it offers (SyncEngine).
import type { Leadership } from './leader';
import type { Clock, PokeSource, SyncEnvironment, SyncStore, SyncTransport } from './ports';
import type { EngineEvent, EngineStatus } from './types';

export interface EngineOptions {
  /** The user's local database (src/data implements it). */
  store: SyncStore;
  transport: SyncTransport;
  clock?: Clock;
  random?: () => number;
  environment?: SyncEnvironment;
  leadership?: Leadership;
  /** Rows per pull page at the start of a run (the server clamps to 1…5000); default 1000. */
  pullLimit?: number;
  /** The most a page may grow to (adaptive.ts): default 5000, or `pullLimit` when that is set. */
  maxPullLimit?: number;
  /** Changes per push at the start of a run; default 200. */
  maxBatchChanges?: number;
  /** The most a push may grow to: default 1000, or `maxBatchChanges` when that is set. */
  maxPushChanges?: number;
  maxBatchBytes?: number;
  /** Start paused because the session is known to have expired. */
  expired?: boolean;
  /** Live updates: followed while this engine may run (see pokes.ts). */
  pokes?: PokeSource;
}

export interface SyncEngine {
  /** Begins scheduling (runs at once when this tab leads). */
  start(): void;
  /** Stops scheduling and waits for a run in progress; the queue stays. */
  stop(): Promise<void>;
  /** Runs now, ignoring backoff; resolves when that run ends. In a follower tab it kicks the leader. */
  syncNow(): Promise<void>;
  /** The session was lost (auth told us before any request did): pause and keep the queue. */
  expire(): void;
  /** Resumes after an expired session was renewed (same user). */
  resume(): void;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  getStatus(): EngineStatus;
}
