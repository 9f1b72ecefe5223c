// Placeholder for the sync indicator (SPEC §10: a status named "Offline", "Syncing", "Synced"
// or "N changes waiting"). The sync feature replaces this file's contents; the shell only
// decides where it sits, so keep the export name and keep it free of links and buttons
// (the shell may place it next to the "Sync" link).
export function SyncIndicatorSlot() {
  return (
    <span className="sync-indicator" role="status" aria-label="Synced" data-state="synced">
      <span className="sync-indicator-dot" aria-hidden="true" />
      <span aria-hidden="true">Synced</span>
    </span>
  );
}
