// The account this device remembers, readable synchronously before the first paint, so a
// reload (offline, or with an expired access token) opens the same user's database at once.
// Small on purpose: no supabase-js, no engine, no database.
import type { Account } from './types';
import { localStore } from '@/lib/local-storage';

export const ACCOUNT_KEY = 'daybook-account';

export type AccountStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const defaultStorage: () => AccountStorage | null = localStore;

export function readStoredAccount(storage: AccountStorage | null = defaultStorage()): Account {
  try {
    const raw = storage?.getItem(ACCOUNT_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<{ state: string; userId: string; email: string; revoked: boolean }>) : null;
    if ((value?.state === 'signed-in' || value?.state === 'expired') && typeof value.userId === 'string') {
      const email = typeof value.email === 'string' ? value.email : '';
      if (value.state === 'expired' && value.revoked === true) return { state: 'expired', userId: value.userId, email, revoked: true };
      return { state: value.state, userId: value.userId, email };
    }
  } catch {
    // unreadable record: treat as signed out (the user's database stays on the device)
  }
  return { state: 'local' };
}

export function writeStoredAccount(account: Account, storage: AccountStorage | null = defaultStorage()): void {
  if (account.state === 'local') storage?.removeItem(ACCOUNT_KEY);
  else storage?.setItem(ACCOUNT_KEY, JSON.stringify(account));
}

/** The remembered user's id, or null when nobody is remembered. */
export function rememberedUserId(storage: AccountStorage | null = defaultStorage()): string | null {
  const account = readStoredAccount(storage);
  return account.state === 'local' ? null : account.userId;
}

/**
 * Calls back when another tab changes the remembered account (the window's storage events);
 * returns unsubscribe. Outside a browser nothing else can change it: a no-op.
 */
export function watchStoredAccount(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === ACCOUNT_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
