// While a modal dialog is open, Radix hides everything outside it from assistive tech and keeps
// focus inside it, so toasts outside would go unannounced and their buttons ("Undo", "Review")
// out of reach. Each dialog's content registers itself here; the toaster renders into the
// topmost one. Toasts live in react-hot-toast's store, so moving the toaster loses none.
import { type RefCallback, useSyncExternalStore } from 'react';

const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topHost = () => hosts.at(-1) ?? null;

/** The element toasts belong in now: the topmost open dialog, or null for the page itself. */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topHost, () => null);
}

/** A ref for a dialog's content element: while it is mounted, toasts show inside it. */
export const toastLayerRef: RefCallback<HTMLElement> = (el) => {
  if (!el) return;
  hosts.push(el);
  changed();
  return () => {
    hosts.splice(hosts.lastIndexOf(el), 1);
    changed();
  };
};
