// What the sync indicator and the sync toasts say (SPEC §8, §10). Pure, so every wording is tested.
import type { SyncEvent, SyncStatus } from '@/sync';
import { refusalReason } from './refusal-reason';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * The indicator's name. A local-only user sees "Local only": nothing is synced, so "Synced"
 * would be untrue and "Offline" beside the point. An expired session with nothing queued is
 * "Sync paused" (the banner says why).
 */
export function statusLabel(status: Pick<SyncStatus, 'status' | 'pending'>): string {
  switch (status.status) {
    case 'local':
      return 'Local only';
    case 'offline':
      return 'Offline';
    case 'syncing':
      return 'Syncing';
    case 'synced':
      return 'Synced';
    case 'waiting':
      return status.pending > 0 ? `${changes(status.pending)} waiting` : 'Sync paused';
  }
}

export const SESSION_EXPIRED = 'Session expired — sign in to resume syncing. Your changes are safe on this device.';
export const SAVED_OFFLINE = "Saved offline — will sync when you're back";

export interface SyncToast {
  /** One toast per id at a time: a newer message replaces the older. */
  id: string;
  message: string;
  /** Offer "Review" → /sync. */
  review: boolean;
}

function names(list: string[]): string {
  const shown = list.map((n) => `“${n}”`);
  if (shown.length <= 2) return shown.join(' and ');
  return `${shown.slice(0, 2).join(', ')} and ${shown.length - 2} more`;
}

/** The toast an event calls for, or null for routine ones (status, a sync that was never offline). */
export function toastFor(event: SyncEvent): SyncToast | null {
  switch (event.type) {
    case 'refused': {
      const n = event.items.length;
      if (n === 0) return null;
      const reasons = [...new Set(event.items.map((item) => refusalReason(item.error)))];
      const message = reasons.length === 1 ? `Couldn't sync ${changes(n)}: ${reasons[0]}` : `Couldn't sync ${changes(n)}`;
      return { id: `sync-refused-${event.items[0]?.id}`, message, review: true };
    }
    case 'offline-saved':
      return { id: 'sync-offline-saved', message: SAVED_OFFLINE, review: false };
    case 'synced':
      return event.afterOffline && event.count > 0 ? { id: 'sync-synced', message: `Synced ${changes(event.count)}`, review: false } : null;
    case 'failing':
      return { id: 'sync-failing', message: `Can't sync right now: ${event.reason}. Your changes are safe on this device.`, review: true };
    case 'lists-removed': {
      const known = event.lists.map((l) => l.name).filter((n) => n !== '');
      if (event.listIds.length === 0) return null;
      const subject = known.length === event.listIds.length ? names(known) : event.listIds.length === 1 ? 'A list' : `${event.listIds.length} lists`;
      const one = event.listIds.length === 1;
      const message = one
        ? `${subject} was removed from your lists — it was deleted or unshared`
        : `${subject} were removed from your lists — they were deleted or unshared`;
      return { id: `sync-lists-removed-${event.listIds.join()}`, message, review: false };
    }
    case 'account-deleted':
      return { id: 'sync-account-deleted', message: 'The account was deleted — its data was removed from this device', review: false };
    default:
      return null;
  }
}
