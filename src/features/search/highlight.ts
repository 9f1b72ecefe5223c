// Splitting text into matched / unmatched runs for highlighting, rendered as elements (never
// as HTML). Matching is case-insensitive the same way the data layer's search is
// (toLocaleLowerCase + substring), mapped back to the original text even when lower-casing
// changes a character's length (e.g. "İ" → "i̇").

export interface Segment {
  text: string;
  match: boolean;
}

/** Lower-cased text plus, per lower-cased code unit, the original range it came from. */
function foldWithMap(text: string) {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const lower = ch.toLocaleLowerCase();
    for (let k = 0; k < lower.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    folded += lower;
    i += ch.length;
  }
  return { folded, from, to };
}

/** The original [start, end) ranges of every non-overlapping match of `query` in `text`. */
export function matchRanges(text: string, query: string): [number, number][] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle || !text) return [];
  const { folded, from, to } = foldWithMap(text);
  const ranges: [number, number][] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    const start = from[at] ?? 0;
    const end = to[at + needle.length - 1] ?? text.length;
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

export function highlightSegments(text: string, query: string): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}

/**
 * A short excerpt of `text` around its first match, on word boundaries, with "…" where it was
 * cut and whitespace runs (line breaks) folded to single spaces; null when there is no match.
 */
export function snippetAround(text: string, query: string, before = 30, after = 80): string | null {
  const first = matchRanges(text, query)[0];
  if (!first) return null;
  let start = Math.max(0, first[0] - before);
  let end = Math.min(text.length, first[1] + after);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first[0]) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first[1]) end = space;
  }
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
