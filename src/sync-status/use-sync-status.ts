// The sync status for React: the facade's snapshot once it has loaded, and before that (or when it
// can't load) a stand-in made from the account remembered on this device and navigator.onLine,
// so the first paint already shows the right account, banner and indicator.
import { useSyncExternalStore } from 'react';
import type { Account, SyncStatus } from '@/sync';

export type { SyncStatus };
import { readStoredAccount } from '@/sync/stored-account';
import { currentSync, followSync, type SyncLoad, syncLoadState } from './load-sync';

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let fallback: { key: string; status: SyncStatus } | null = null;

/** Before the facade runs: local users are local; a remembered account is about to sync. */
export function statusBeforeLoad(account: Account, isOnline: boolean, load: SyncLoad): SyncStatus {
  const status: SyncStatus['status'] =
    account.state === 'local' ? 'local' : !isOnline || load === 'failed' ? 'offline' : account.state === 'expired' ? 'waiting' : 'syncing';
  return { status, pending: 0, account, lastSyncedAt: null, failing: null, leader: false, pull: null };
}

function snapshot(): SyncStatus {
  const sync = currentSync();
  if (sync) return sync.getStatus();
  const account = readStoredAccount();
  const isOnline = online();
  const load = syncLoadState();
  // The same object until something changes, as useSyncExternalStore requires.
  const key = JSON.stringify([account, isOnline, load]);
  if (fallback?.key !== key) fallback = { key, status: statusBeforeLoad(account, isOnline, load) };
  return fallback.status;
}

function subscribe(onChange: () => void): () => void {
  const unfollow = followSync((event) => {
    if (event.type === 'status' || event.type === 'account') onChange();
  }, onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    unfollow();
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function useAccount(): Account {
  return useSyncStatus().account;
}

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, online, () => true);
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
