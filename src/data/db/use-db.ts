// The current database as React state: a sign-in or sign-out switch re-renders every hook.
import { useSyncExternalStore } from 'react';
import { getDb, subscribeDatabase } from './database';
import type { DaybookDb } from './schema';

export function useDb(): DaybookDb {
  return useSyncExternalStore(subscribeDatabase, getDb, getDb);
}
