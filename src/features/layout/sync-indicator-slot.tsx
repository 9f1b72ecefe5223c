// The sync indicator (SPEC §10): a status named "Offline", "Syncing", "Synced" or "N changes
// waiting" — and "Local only" when there is no account (nothing syncs, so "Synced" would be
// untrue). The shell decides where it sits; it holds no link or button because the shell may
// place it next to the "Sync" link, which leads to the details.
import { statusLabel } from '@/sync-status/sync-messages';
import { useSyncStatus } from '@/sync-status/use-sync-status';

/**
 * `drawn`: the words are drawn by CSS from an attribute, for a place where the indicator sits in
 * a link named "Sync" (the phone's header), whose name must then hold all of its text.
 */
export function SyncIndicatorSlot({ drawn = false }: { drawn?: boolean }) {
  const status = useSyncStatus();
  const label = statusLabel(status);
  return (
    <span className="sync-indicator" role="status" aria-label={label} data-state={status.status}>
      <span className="sync-indicator-dot" aria-hidden="true" />
      {drawn ? <span className="sync-indicator-drawn" data-label={label} aria-hidden="true" /> : <span aria-hidden="true">{label}</span>}
    </span>
  );
}
