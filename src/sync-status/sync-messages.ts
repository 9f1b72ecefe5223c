// What the sync indicator and the sync toasts say (SPEC §8, §10). Pure, so every wording is tested.
import type { SyncEvent, SyncStatus } from '@/sync';
import { t } from './messages';
import { refusalReason } from './refusal-reason';

/** "1 change", "3 changes". */
export const changes = (n: number) => t('syncStatus.changes', { count: n });

/**
 * The indicator's name. A local-only user sees "Local only": nothing is synced, so "Synced"
 * would be untrue and "Offline" beside the point. An expired session with nothing queued is
 * "Sync paused" (the banner says why).
 */
export function statusLabel(status: Pick<SyncStatus, 'status' | 'pending'>): string {
  switch (status.status) {
    case 'local':
      return t('syncStatus.localOnly');
    case 'offline':
      return t('syncStatus.offline');
    case 'syncing':
      return t('syncStatus.syncing');
    case 'synced':
      return t('syncStatus.synced');
    case 'waiting':
      return status.pending > 0 ? t('syncStatus.waiting', { changes: changes(status.pending) }) : t('syncStatus.paused');
  }
}

/** The session banner's words, in the current language. */
export const sessionExpired = () => t('syncStatus.sessionExpired');
/** The banner's words after a sign-out everywhere (the person chose "Not now" on the sign-in screen). */
export const signedOutEverywhere = () => t('syncStatus.signedOutEverywhere');
export const savedOffline = () => t('syncStatus.savedOffline');

export interface SyncToast {
  /** One toast per id at a time: a newer message replaces the older. */
  id: string;
  message: string;
  /** Offer "Review" → /sync. */
  review: boolean;
}

function names(list: string[]): string {
  const [first = '', second = ''] = list;
  if (list.length === 1) return t('syncStatus.one', { first });
  if (list.length === 2) return t('syncStatus.two', { first, second });
  return t('syncStatus.more', { first, second, count: list.length - 2 });
}

/** The toast an event calls for, or null for routine ones (status, a sync that was never offline). */
export function toastFor(event: SyncEvent): SyncToast | null {
  switch (event.type) {
    case 'refused': {
      const n = event.items.length;
      if (n === 0) return null;
      const reasons = [...new Set(event.items.map((item) => refusalReason(item.error)))];
      const message = reasons.length === 1 ? t('syncStatus.couldntSyncWhy', { changes: changes(n), reason: reasons[0] }) : t('syncStatus.couldntSync', { changes: changes(n) });
      return { id: `sync-refused-${event.items[0]?.id}`, message, review: true };
    }
    case 'offline-saved':
      return { id: 'sync-offline-saved', message: savedOffline(), review: false };
    case 'synced':
      return event.afterOffline && event.count > 0 ? { id: 'sync-synced', message: t('syncStatus.syncedChanges', { changes: changes(event.count) }), review: false } : null;
    case 'failing':
      return { id: 'sync-failing', message: t('syncStatus.failing', { reason: event.reason }), review: true };
    case 'lists-removed': {
      const known = event.lists.map((l) => l.name).filter((n) => n !== '');
      if (event.listIds.length === 0) return null;
      const subject = known.length === event.listIds.length ? names(known) : event.listIds.length === 1 ? t('syncStatus.aList') : t('syncStatus.lists', { count: event.listIds.length });
      const one = event.listIds.length === 1;
      const message = one ? t('syncStatus.listRemoved', { subject }) : t('syncStatus.listsRemoved', { subject });
      return { id: `sync-lists-removed-${event.listIds.join()}`, message, review: false };
    }
    case 'account-deleted':
      return { id: 'sync-account-deleted', message: t('syncStatus.accountDeleted'), review: false };
    default:
      return null;
  }
}
