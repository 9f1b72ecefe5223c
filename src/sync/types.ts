// What the sync layer tells the UI: accounts, status and events. (What it is given — store,
// transport, auth, clock — is declared in ports.ts.)
import type { RefusedEntry } from '@/domain/model';
import type { PullProgress } from './progress';

export type { PullProgress } from './progress';

export type Account =
  | { state: 'local' }
  | { state: 'signed-in'; userId: string; email: string }
  /** `revoked`: the server ended the session (signed out everywhere), not merely let it expire. */
  | { state: 'expired'; userId: string; email: string; revoked?: true };

export type AuthOutcome = { ok: true; account: Account } | { ok: false; message: string; field?: 'email' | 'password'; confirm?: true };

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
  | { type: 'expired'; revoked?: true }
  /** The server ended the session (signed out everywhere): the app goes to signing in; nothing is deleted. */
  | { type: 'session-revoked'; email: string }
  /** Lists that vanished (unshared, removed, deleted) and were purged here, with the names they had.
   *  Not lists this device left: the user chose that and was told so when choosing. */
  | { type: 'lists-removed'; listIds: string[]; lists: { id: string; name: string }[] }
  | { type: 'account'; account: Account }
  /** The account was deleted (here or on another device): its data is gone from this device. */
  | { type: 'account-deleted' };

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

export type EngineEvent =
  | Exclude<SyncEvent, { type: 'status' } | { type: 'account' } | { type: 'account-deleted' } | { type: 'session-revoked' }>
  | ({ type: 'status' } & EngineStatus);
