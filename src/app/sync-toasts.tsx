// Toasts for how sync went (SPEC §8): refusals with "Review", "Saved offline", "Synced N changes"
// after an offline spell, failures after 5 minutes, lists that vanished. Routine syncs are silent.
//
// Several tabs: the leader tab's events are re-emitted in every tab of the user, so each tab
// would toast them. Only a tab the user can see toasts; hidden tabs stay quiet (what they missed
// is in the sync centre and the indicator). Two windows side by side both show it — the user
// is looking at both.
import { useEffect } from 'react';
import { currentSync, onSyncLoad } from '@/account/sync-client';
import { toastFor } from '@/account/sync-messages';
import { showToast } from '@/components/toasts';
import type { Sync } from '@/sync';

export interface SyncToastsProps {
  /** "Review" opens the sync centre. */
  onReview: () => void;
  /** Whether this tab is on screen (default: the page is not hidden). */
  isShown?: () => boolean;
}

const pageShown = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function SyncToasts({ onReview, isShown = pageShown }: SyncToastsProps) {
  useEffect(() => {
    let attached: Sync | null = null;
    let detach: (() => void) | null = null;
    const attach = () => {
      const sync = currentSync();
      if (sync === attached) return;
      detach?.();
      attached = sync;
      detach =
        sync?.subscribe((event) => {
          const toast = toastFor(event);
          if (!toast || !isShown()) return;
          showToast(toast.message, toast.review ? { label: 'Review', onClick: onReview } : undefined, { id: toast.id });
        }) ?? null;
    };
    attach();
    const offLoad = onSyncLoad(attach);
    return () => {
      offLoad();
      detach?.();
    };
  }, [onReview, isShown]);
  return null;
}
