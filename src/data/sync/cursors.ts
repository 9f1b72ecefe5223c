// Pull cursors: a version per list, plus the refusal stream's position under `refused`
// (SPEC §12). What the server sends back replaces what was stored — except where the device
// moved a cursor itself while the page was on its way. The digests of the invitations and the
// share links travel among them too, but are kept with their sets (../db/invitations.ts, links.ts).
// Pure.

import { FEEDS_CURSOR, INVITATIONS_CURSOR, LINKS_CURSOR, NOTIFICATIONS_CURSOR, PROFILE_CURSOR, REFUSED_CURSOR } from '@/domain/model';

export { FEEDS_CURSOR, INVITATIONS_CURSOR, LINKS_CURSOR, NOTIFICATIONS_CURSOR, PROFILE_CURSOR, REFUSED_CURSOR };

export type Cursors = Record<string, number>;

/** The digests of the sets this device holds as the server sent them (none: it holds no such set). */
export interface Digests {
  invitations?: number;
  links?: number;
  profile?: number;
  feeds?: number;
}

const DIGEST_KEYS = new Set<string>([INVITATIONS_CURSOR, LINKS_CURSOR, PROFILE_CURSOR, FEEDS_CURSOR]);

/**
 * The cursors a pull is asked with: the stored ones, and the refusal stream's position always,
 * 0 before the first page — a device that names its position gets refusals a page at a time
 * with `has_more`, and pages that never acknowledge a change whose refusal they do not carry
 * (supabase/README.md; a request without the key is answered as a device from before the stream).
 * The digests likewise always (0: send the set), so a set comes only when it is not the one held.
 */
export function requestCursors(stored: Cursors, digests: Digests = {}): Cursors {
  const lists = Object.fromEntries(Object.entries(stored).filter(([key]) => !DIGEST_KEYS.has(key)));
  return { [REFUSED_CURSOR]: 0, [NOTIFICATIONS_CURSOR]: 0, ...lists, [INVITATIONS_CURSOR]: digests.invitations ?? 0, [LINKS_CURSOR]: digests.links ?? 0, [PROFILE_CURSOR]: digests.profile ?? 0, [FEEDS_CURSOR]: digests.feeds ?? 0 };
}

/**
 * The cursors after a page that was asked for with `sent`. A reset wins over an older page:
 * a cursor that went back (a refusal rewound its list to pull the server's row again) or went
 * away (its list was purged) since the request keeps what the device did; the page's rows are
 * stored either way, and the next pull brings the rest again. The refusal stream's position and
 * the notifications' are never reset nor purged by the device: the page's always counts. The digests are not stored
 * here: each is kept with its set, when the page brings the set.
 */
export function mergeCursors(stored: Cursors, page: Cursors, sent: Cursors | undefined): Cursors {
  const next = { ...stored };
  for (const [key, value] of Object.entries(page)) {
    if (DIGEST_KEYS.has(key)) continue;
    if (sent && key in sent && key !== REFUSED_CURSOR && key !== NOTIFICATIONS_CURSOR) {
      if (!(key in stored)) continue; // purged meanwhile
      if ((stored[key] ?? 0) < (sent[key] ?? 0)) continue; // reset meanwhile
    }
    next[key] = value;
  }
  return next;
}

/** A set's digest as a page gives it (none from a server from before digests). */
export function pageDigest(page: Cursors, key: typeof INVITATIONS_CURSOR | typeof LINKS_CURSOR | typeof PROFILE_CURSOR | typeof FEEDS_CURSOR): number | undefined {
  const value = page[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Every list's cursor back to 0 (pull everything again); the refusal stream keeps its place. */
export function rewindLists(cursors: Cursors): void {
  // (the notifications' position is the person's, not a list's: cursorLists leaves it out)
  for (const key of cursorLists(cursors)) cursors[key] = 0;
}

/** List ids the device has pulled rows of (every key but the refusal stream's and the digests'). */
export function cursorLists(cursors: Cursors): string[] {
  return Object.keys(cursors).filter((key) => key !== REFUSED_CURSOR && key !== NOTIFICATIONS_CURSOR && !DIGEST_KEYS.has(key));
}
