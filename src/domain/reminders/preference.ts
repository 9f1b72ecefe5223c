// Settings → "Remind at" (SPEC §11.4): when a task with a date and no time reminds, default 09:00.
// A device setting, kept in localStorage like the theme and quick add's switch.
import { DEFAULT_REMIND_AT, isRemindAt } from './schedule.ts';
import { localStore } from '@/lib/local-storage.ts';

export const REMIND_AT_KEY = 'daybook-remind-at';
const CHANGED = 'daybook-remind-at-changed';

// Without storage (some privacy modes throw on access) the default holds.
const storage = localStore;

export function getRemindAt(): string {
  const value = storage()?.getItem(REMIND_AT_KEY);
  return isRemindAt(value) ? value : DEFAULT_REMIND_AT;
}

/** Stores a valid 'HH:MM'; anything else is refused with a message for the field. */
export function setRemindAt(value: string): void {
  if (!isRemindAt(value)) throw new RangeError('Enter a time like 09:00');
  const store = storage();
  if (value === DEFAULT_REMIND_AT) store?.removeItem(REMIND_AT_KEY);
  else store?.setItem(REMIND_AT_KEY, value);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

/** Calls back when the setting changes, in this tab or another; returns the unsubscribe. */
export function onRemindAtChange(callback: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === REMIND_AT_KEY || e.key === null) callback();
  };
  window.addEventListener(CHANGED, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener('storage', onStorage);
  };
}
