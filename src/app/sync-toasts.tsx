// Toasts for how sync went (SPEC §8): refusals with "Review", "Saved offline", "Synced N changes"
// after an offline spell, failures after 5 minutes, lists that vanished. Routine syncs are silent.
//
// Several tabs: the leader tab's events are re-emitted in every tab of the user, so each tab
// would toast them. Only a tab the user can see toasts; hidden tabs stay quiet (what they missed
// is in the sync centre and the indicator). Two windows side by side both show it — the user
// is looking at both.
import { useEffect } from 'react';
import { followSync } from '@/sync-status/load-sync';
import { toastFor } from '@/sync-status/sync-messages';
import { showToast } from '@/ui/toasts';
import { t } from './messages';

export interface SyncToastsProps {
  /** "Review" opens the sync centre. */
  onReview: () => void;
  /** Whether this tab is on screen (default: the page is not hidden). */
  isShown?: () => boolean;
  /** The account was deleted (its data is gone from this device): back to signing in. */
  onAccountDeleted?: () => void;
  /** The session was ended on the server (signed out everywhere): to signing in again, data kept. */
  onSessionRevoked?: (email: string) => void;
}

const pageShown = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function SyncToasts({ onReview, isShown = pageShown, onAccountDeleted, onSessionRevoked }: SyncToastsProps) {
  useEffect(() => {
    return followSync((event) => {
      if (event.type === 'account-deleted') onAccountDeleted?.();
      if (event.type === 'session-revoked') onSessionRevoked?.(event.email);
      const toast = toastFor(event);
      if (!toast || !isShown()) return;
      showToast(toast.message, toast.review ? { label: t('app.review'), onClick: onReview } : undefined, { id: toast.id });
    });
  }, [onReview, isShown, onAccountDeleted, onSessionRevoked]);
  return null;
}
