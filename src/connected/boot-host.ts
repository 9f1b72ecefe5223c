// index.html's #boot-shell: its static frame, or public/boot.js's picture of Today in it. Apart
// from boot-snapshot.ts (React, the date, the account) so that the entry can ask without them.
const HOST_ID = 'boot-shell';

/** True while boot.js's picture is on the page. */
export function bootSnapshotShown(): boolean {
  return document.getElementById(HOST_ID)?.hasAttribute('data-snapshot') ?? false;
}

/** Takes index.html's frame or picture down. */
export function removeBootShell(): void {
  document.getElementById(HOST_ID)?.remove();
}
