// The server's files are its own (SPEC §15): the data folder holds password hashes, refresh
// tokens and the keys, so directories are 0700 and files 0600. PGlite writes its files with
// modes of its own choosing, so the tree is walked after it opens and again when it closes,
// which also tightens a folder an older version left open.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function restrictTree(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st || st.isSymbolicLink()) return;
  if (st.isDirectory()) {
    if ((st.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) restrictTree(join(path, name));
  } else if ((st.mode & 0o077) !== 0) {
    chmodSync(path, st.mode & 0o700);
  }
}
