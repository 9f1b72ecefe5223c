// Words, numbers and marks with their places in the text, and where a recognised phrase may start
// and end. A phrase must stand as words of its own: "monday's", "5pm-ish", "x#list" and "Hi!high"
// are not phrases, while "(friday)", "tomorrow," and "5pm." are.

export interface Token {
  /** Lower case, for comparing with the word tables. */
  text: string;
  kind: 'word' | 'num' | 'mark';
  /** [start, end) in the text, UTF-16 units like String.prototype.slice. */
  start: number;
  end: number;
  /** White space (or the start of the text) before it: "5 pm" has it before "pm", "5pm" doesn't. */
  space: boolean;
}

// Letters with their combining marks; ASCII digits only (Number() reads nothing else); any other
// visible character is a mark of its own.
const TOKEN = /([\p{L}\p{M}]+)|([0-9]+)|(\S)/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const kind = m[1] ? 'word' : m[2] ? 'num' : 'mark';
    tokens.push({ text: m[0].toLowerCase(), kind, start, end: start + m[0].length, space: start === 0 || start > last });
    last = start + m[0].length;
  }
  return tokens;
}

const SPACE = /\s/u;
/** Before a phrase: "(friday", "“tomorrow". */
const OPENERS = new Set(['(', '[', '"', '“', '‘', "'", ',', ';']);
/** After a phrase: "friday)", "tomorrow,", "5pm." — but not "monday's", where letters follow. */
const CLOSERS = new Set([',', '.', ';', ':', '!', '?', ')', ']', '"', '”', '’', "'"]);

const blank = (ch: string | undefined) => ch === undefined || SPACE.test(ch);

/** May a phrase start at `pos`? After white space, the start, or an opening mark that itself follows one. */
export function freeBefore(text: string, pos: number): boolean {
  const prev = text[pos - 1];
  if (blank(prev)) return true;
  return OPENERS.has(prev as string) && blank(text[pos - 2]);
}

/** May a phrase end at `pos`? Before white space, the end, or closing marks followed by white space. */
export function freeAfter(text: string, pos: number): boolean {
  let at = pos;
  while (CLOSERS.has(text[at] as string)) at++;
  return blank(text[at]);
}

/** The token at `i` is a word from `set`, with white space before it when `spaced`. */
export function isWord(tokens: readonly Token[], i: number, set: ReadonlySet<string>, spaced = true): boolean {
  const t = tokens[i];
  return t !== undefined && t.kind === 'word' && (!spaced || t.space) && set.has(t.text);
}

/**
 * Matches a phrase written as tokens (["a", ".", "m", "."] for "a.m.") at `i`, its first token
 * spaced or joined as `spaced` says and the rest joined. Returns the index after it, or -1.
 */
export function matchSpelling(tokens: readonly Token[], i: number, spelling: readonly string[], spaced: boolean | null): number {
  for (let k = 0; k < spelling.length; k++) {
    const t = tokens[i + k];
    if (t === undefined || t.text !== spelling[k]) return -1;
    if (k === 0 ? spaced !== null && t.space !== spaced : t.space) return -1;
  }
  return i + spelling.length;
}

/** A phrase's spellings as token texts, for matchSpelling. */
export function spellings(words: readonly string[]): string[][] {
  return words.map((w) => tokenize(w).map((t) => t.text));
}
