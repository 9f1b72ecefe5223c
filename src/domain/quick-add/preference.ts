// Settings → "Understand dates in quick add" (SPEC §11.2): on by default, kept on this device in
// localStorage like the theme, and read by quick add. Apart from the parser so that reading it
// loads nothing else.
import { localStore } from '@/lib/local-storage';
export const UNDERSTAND_KEY = 'daybook-quick-add-understands';
const CHANGED = 'daybook-quick-add-understands-changed';

// Without storage (some privacy modes throw on access) the default (on) holds.
const storage = localStore;

export function getUnderstandDates(): boolean {
  return storage()?.getItem(UNDERSTAND_KEY) !== 'off';
}

export function setUnderstandDates(on: boolean): void {
  const store = storage();
  if (on) store?.removeItem(UNDERSTAND_KEY);
  else store?.setItem(UNDERSTAND_KEY, 'off');
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

/** Calls back when the setting changes, in this tab or another; returns the unsubscribe. */
export function onUnderstandDatesChange(callback: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === UNDERSTAND_KEY || e.key === null) callback();
  };
  window.addEventListener(CHANGED, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener('storage', onStorage);
  };
}
