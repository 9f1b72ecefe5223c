// Pull cursors: a version per list, plus the refusal stream's position under `refused`
// (SPEC §12). What the server sends back replaces what was stored — except where the device
// moved a cursor itself while the page was on its way. Pure.

import { REFUSED_CURSOR } from '@/domain/model';

export { REFUSED_CURSOR };

export type Cursors = Record<string, number>;

/**
 * The cursors a pull is asked with: the stored ones, and the refusal stream's position always,
 * 0 before the first page — a device that names its position gets refusals a page at a time
 * with `has_more`, and pages that never acknowledge a change whose refusal they do not carry
 * (supabase/README.md; a request without the key is answered as a device from before the stream).
 */
export function requestCursors(stored: Cursors): Cursors {
  return { [REFUSED_CURSOR]: 0, ...stored };
}

/**
 * The cursors after a page that was asked for with `sent`. A reset wins over an older page:
 * a cursor that went back (a refusal rewound its list to pull the server's row again) or went
 * away (its list was purged) since the request keeps what the device did; the page's rows are
 * stored either way, and the next pull brings the rest again. The refusal stream's position is
 * never reset nor purged by the device: the page's always counts.
 */
export function mergeCursors(stored: Cursors, page: Cursors, sent: Cursors | undefined): Cursors {
  const next = { ...stored };
  for (const [key, value] of Object.entries(page)) {
    if (sent && key in sent && key !== REFUSED_CURSOR) {
      if (!(key in stored)) continue; // purged meanwhile
      if ((stored[key] ?? 0) < (sent[key] ?? 0)) continue; // reset meanwhile
    }
    next[key] = value;
  }
  return next;
}

/** Every list's cursor back to 0 (pull everything again); the refusal stream keeps its place. */
export function rewindLists(cursors: Cursors): void {
  for (const key of Object.keys(cursors)) if (key !== REFUSED_CURSOR) cursors[key] = 0;
}

/** List ids the device has pulled rows of (every key but the refusal stream's). */
export function cursorLists(cursors: Cursors): string[] {
  return Object.keys(cursors).filter((key) => key !== REFUSED_CURSOR);
}
