// The cursor rule (SPEC §12): what a page brings replaces what was stored,
// unless the device reset or purged a cursor while the page was on its way.
import { describe, expect, it } from 'vitest';
import { type Cursors, cursorLists, mergeCursors, REFUSED_CURSOR, rewindLists } from '@/data/sync/cursors';

type Case = { name: string; stored: Cursors; sent: Cursors | undefined; page: Cursors; expected: Cursors };

describe('merging a page’s cursors', () => {
  it.each<Case>([
    { name: 'a page moves cursors forward', stored: { a: 3 }, sent: { a: 3 }, page: { a: 9 }, expected: { a: 9 } },
    { name: 'a new list gets its cursor', stored: { a: 3 }, sent: { a: 3 }, page: { a: 3, b: 4 }, expected: { a: 3, b: 4 } },
    { name: 'a reset made while the page was on its way wins', stored: { a: 0, b: 2 }, sent: { a: 5, b: 2 }, page: { a: 9, b: 7 }, expected: { a: 0, b: 7 } },
    { name: 'a list purged meanwhile does not come back', stored: { b: 2 }, sent: { a: 5, b: 2 }, page: { a: 9, b: 7 }, expected: { b: 7 } },
    { name: 'the refusal stream moves like a list', stored: { [REFUSED_CURSOR]: 4 }, sent: { [REFUSED_CURSOR]: 4 }, page: { [REFUSED_CURSOR]: 10 }, expected: { [REFUSED_CURSOR]: 10 } },
    { name: 'without the request’s cursors the page wins (older callers)', stored: { a: 0 }, sent: undefined, page: { a: 9 }, expected: { a: 9 } },
  ])('$name', ({ stored, sent, page, expected }) => {
    expect(mergeCursors(stored, page, sent)).toEqual(expected);
  });

  it('rewinding lists keeps the refusal stream where it is', () => {
    const cursors = { a: 3, b: 9, [REFUSED_CURSOR]: 12 };
    rewindLists(cursors);
    expect(cursors).toEqual({ a: 0, b: 0, [REFUSED_CURSOR]: 12 });
    expect(cursorLists(cursors).sort()).toEqual(['a', 'b']);
  });
});
