// The seams the engine is given (transport, auth, clock, environment) and what it tells the UI.
// src/backend implements SyncTransport and AuthPort; tests wrap them to inject faults.
import type { Mutation, PullResult, PushResult, RefusedEntry } from '@/lib/model';
import type { PullProgress } from './progress';

export type { PullProgress } from './progress';

export type TransportOutcome<T> =
  | { kind: 'ok'; value: T }
  /** Transient: no network, timeout, 408, 429 or 5xx. Try again later with backoff. */
  | { kind: 'retry'; reason: 'network' | 'timeout' | 'server'; status: number; message: string }
  /** 401 and the session refresh was refused: the session has expired. */
  | { kind: 'unauthorized'; message: string }
  /** Any other 4xx: the server refused the request as a whole and changed nothing. */
  | { kind: 'refused'; status: number; message: string }
  /** 413: the body is over the server's limit; split the batch. */
  | { kind: 'too_large'; message: string };

export interface PushRequest {
  clientId: string;
  mutations: Mutation[];
}
export interface PullRequest {
  clientId: string;
  cursors: Record<string, number>;
  limit?: number;
  /** Ask the server to count the rows still to come past this page (`remaining`). */
  count?: boolean;
}

export interface SyncTransport {
  push(req: PushRequest): Promise<TransportOutcome<PushResult>>;
  pull(req: PullRequest): Promise<TransportOutcome<PullResult>>;
}

export type Account =
  | { state: 'local' }
  | { state: 'signed-in'; userId: string; email: string }
  | { state: 'expired'; userId: string; email: string };

export type AuthOutcome = { ok: true; account: Account } | { ok: false; message: string; field?: 'email' | 'password' };

/** A user the auth service vouches for. */
export interface AuthUser {
  userId: string;
  email: string;
}

export type AuthSignal =
  /** The session was lost without signOut() (refresh token refused, revoked elsewhere). */
  | { type: 'session-lost' }
  | { type: 'signed-in'; user: AuthUser };

/**
 * "Something changed, pull": ids only, never data, so a lost one costs nothing. `clientId` is
 * the device whose push caused it (its own pokes are ignored); either id may be unknown.
 */
export interface Poke {
  listId: string | null;
  clientId: string | null;
}

export interface PokeHandlers {
  onPoke(poke: Poke): void;
  /** (Re)subscribed: pokes sent while not subscribed are lost, so pull once to catch up. */
  onResubscribed(): void;
}

/** Subscribes to one user's pokes (resubscribing by itself after errors); returns unsubscribe. */
export type PokeSource = (handlers: PokeHandlers) => () => void;

export interface AuthPort {
  signUp(email: string, password: string): Promise<{ ok: true; user: AuthUser } | { ok: false; message: string; field?: 'email' | 'password' }>;
  signIn(email: string, password: string): Promise<{ ok: true; user: AuthUser } | { ok: false; message: string; field?: 'email' | 'password' }>;
  /** Ends the session; clears it on this device even when the server can't be reached. */
  signOut(): Promise<void>;
  /** The user of the stored session, or null; never signs anyone out for lack of network. */
  session(): Promise<AuthUser | null>;
  onSignal(listener: (signal: AuthSignal) => void): () => void;
  /** A transport that sends requests as `userId` only (anything else is `unauthorized`). */
  transportFor(userId: string): SyncTransport;
  /** Live updates: `userId`'s pokes while subscribed (absent: the app relies on its schedule). */
  pokesFor?(userId: string, handlers: PokeHandlers): () => void;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Online/visibility state and its changes (window/document in the browser; fakes in tests). */
export interface SyncEnvironment {
  online(): boolean;
  visible(): boolean;
  /** Subscribes to 'online' | 'offline' | 'visible' | 'hidden'; returns unsubscribe. */
  on(listener: (change: 'online' | 'offline' | 'visible' | 'hidden') => void): () => void;
}

export type SyncState = 'local' | 'offline' | 'syncing' | 'synced' | 'waiting';

export interface SyncStatus {
  status: SyncState;
  pending: number;
  account: Account;
  lastSyncedAt: string | null;
  failing: string | null;
  leader: boolean;
  /** While a run pulls more than one page: rows stored so far of those the run will pull; else null. */
  pull: PullProgress | null;
}

export type SyncEvent =
  | ({ type: 'status' } & SyncStatus)
  | { type: 'synced'; count: number; afterOffline: boolean }
  | { type: 'refused'; items: RefusedEntry[] }
  | { type: 'offline-saved' }
  | { type: 'failing'; reason: string }
  | { type: 'expired' }
  /** Lists that vanished (unshared, removed, deleted) and were purged here, with the names they had.
   *  Not lists this device left: the user chose that and was told so when choosing. */
  | { type: 'lists-removed'; listIds: string[]; lists: { id: string; name: string }[] }
  | { type: 'account'; account: Account };

export type SyncListener = (event: SyncEvent) => void;

/** What one database's engine reports; the facade adds the account. */
export interface EngineStatus {
  status: Exclude<SyncState, 'local'>;
  pending: number;
  lastSyncedAt: string | null;
  failing: string | null;
  leader: boolean;
  expired: boolean;
  pull: PullProgress | null;
}

export type EngineEvent = Exclude<SyncEvent, { type: 'status' } | { type: 'account' }> | ({ type: 'status' } & EngineStatus);
