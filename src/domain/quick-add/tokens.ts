// Words, numbers and marks with their places in the text, and where a recognised phrase may start
// and end. A phrase must stand as words of its own: "monday's", "5pm-ish", "x#list" and "Hi!high"
// are not phrases, while "(friday)", "tomorrow," and "5pm." are.
//
// Token texts are folded for comparing with the tables: lower case, Latin accents dropped
// ("Mañana", "manana" and "MAÑANA" are one word; people type them all), full-width digits as
// ASCII ones. Japanese is written without spaces, so a run of kanji and kana is cut at the words
// the table knows (longest first), and the edge between such a character and anything else counts
// as a space.

export interface Token {
  /** Folded, for comparing with the word tables. */
  text: string;
  kind: 'word' | 'num' | 'mark';
  /** [start, end) in the text, UTF-16 units like String.prototype.slice. */
  start: number;
  end: number;
  /** White space (or the start of the text, or a kanji/kana edge) before it: "5 pm" has it before "pm", "5pm" doesn't. */
  space: boolean;
}

/** Known words of a language written without spaces, for cutting its runs. */
export interface Segmenter {
  words: ReadonlySet<string>;
  longest: number;
}

// Letters with their combining marks; ASCII digits only (Number() reads nothing else); any other
// visible character is a mark of its own.
const TOKEN = /([\p{L}\p{M}]+)|([0-9]+)|(\S)/gu;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]/u;
const CJK_RUN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー々]+/gu;
const NOT_ASCII = /[^ -~\t\n\r]/;
const WIDE_DIGIT = /[０-９：]/g;

export const isCjk = (ch: string | undefined): boolean => ch !== undefined && CJK.test(ch);

/** Lower case without Latin accents ("Mañana" → "manana"); kana keep their marks. Same length or shorter. */
export function fold(word: string): string {
  const lower = word.toLowerCase();
  return NOT_ASCII.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC') : lower;
}

export function tokenize(text: string, segmenter?: Segmenter): Token[] {
  const source = text.replace(WIDE_DIGIT, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
  const tokens: Token[] = [];
  let last = 0;
  for (const m of source.matchAll(TOKEN)) {
    const start = m.index;
    const end = start + m[0].length;
    const space = start === 0 || start > last || isCjk(source[start - 1]);
    last = end;
    if (m[1] && NOT_ASCII.test(m[0]) && CJK.test(m[0])) {
      splitCjk(m[0], start, space, segmenter, tokens);
      continue;
    }
    const kind = m[1] ? 'word' : m[2] ? 'num' : 'mark';
    tokens.push({ text: m[1] ? fold(m[0]) : m[0], kind, start, end, space });
  }
  return tokens;
}

/** A word with kanji or kana in it: Latin parts and CJK runs apart, each run cut at known words. */
function splitCjk(word: string, at: number, space: boolean, segmenter: Segmenter | undefined, out: Token[]): void {
  let pos = 0;
  const push = (from: number, to: number, spaced: boolean) =>
    out.push({ text: fold(word.slice(from, to)), kind: 'word', start: at + from, end: at + to, space: spaced });
  for (const m of word.matchAll(CJK_RUN)) {
    if (m.index > pos) push(pos, m.index, pos === 0 ? space : false);
    const run = m[0];
    const base = m.index;
    let unknown = -1;
    for (let k = 0; k < run.length; ) {
      const len = segmenter ? knownAt(run, k, segmenter) : 0;
      if (len === 0) {
        if (unknown < 0) unknown = k;
        k++;
        continue;
      }
      if (unknown >= 0) push(base + unknown, base + k, true);
      unknown = -1;
      push(base + k, base + k + len, true);
      k += len;
    }
    if (unknown >= 0) push(base + unknown, base + run.length, true);
    pos = base + run.length;
  }
  if (pos < word.length) push(pos, word.length, false);
  // the first piece keeps what was before the word (a space, or a digit it is joined to)
  const first = out.findIndex((t) => t.start === at);
  if (first >= 0) (out[first] as Token).space = space;
}

function knownAt(run: string, k: number, s: Segmenter): number {
  for (let len = Math.min(s.longest, run.length - k); len > 0; len--) {
    if (s.words.has(run.slice(k, k + len))) return len;
  }
  return 0;
}

const SPACE = /\s/u;
/** Before a phrase: "(friday", "“tomorrow". */
const OPENERS = new Set(['(', '[', '"', '“', '‘', "'", ',', ';', '「', '、', '。', '（']);
/** After a phrase: "friday)", "tomorrow,", "5pm." — but not "monday's", where letters follow. */
const CLOSERS = new Set([',', '.', ';', ':', '!', '?', ')', ']', '"', '”', '’', "'", '」', '、', '。', '）', '！', '？']);

const blank = (ch: string | undefined) => ch === undefined || SPACE.test(ch);

/** May a phrase start at `pos`? After white space, the start, a kanji/kana edge, or an opening mark that itself follows one. */
export function freeBefore(text: string, pos: number): boolean {
  const prev = text[pos - 1];
  if (blank(prev) || isCjk(prev) || isCjk(text[pos])) return true;
  return OPENERS.has(prev as string) && (blank(text[pos - 2]) || isCjk(text[pos - 2]));
}

/** May a phrase end at `pos`? Before white space, the end, a kanji/kana edge, or closing marks followed by white space. */
export function freeAfter(text: string, pos: number): boolean {
  if (isCjk(text[pos]) || isCjk(text[pos - 1])) return true;
  let at = pos;
  while (CLOSERS.has(text[at] as string)) at++;
  return blank(text[at]) || isCjk(text[at]);
}

/** The token at `i` is a word from `set`, with white space before it when `spaced`. */
export function isWord(tokens: readonly Token[], i: number, set: ReadonlySet<string>, spaced = true): boolean {
  const t = tokens[i];
  return t !== undefined && t.kind === 'word' && (!spaced || t.space) && set.has(t.text);
}

/** A phrase as tokens: each token's text and whether white space comes before it in the phrase. */
export type Spelling = readonly { text: string; space: boolean }[];

/**
 * Matches a phrase written as tokens ("a.m." → a . m .; "de la tarde" → de la tarde) at `i`, its
 * first token spaced or joined as `spaced` says (either when null) and the rest as the phrase has
 * them. Returns the index after it, or -1.
 */
export function matchSpelling(tokens: readonly Token[], i: number, spelling: Spelling, spaced: boolean | null): number {
  for (let k = 0; k < spelling.length; k++) {
    const t = tokens[i + k];
    const s = spelling[k] as Spelling[number];
    if (t === undefined || t.text !== s.text) return -1;
    if (k === 0 ? spaced !== null && t.space !== spaced : t.space !== s.space && !isCjk(t.text[0])) return -1;
  }
  return i + spelling.length;
}

/** The first of `list` at `i`; the index after it, or -1. */
export function matchAny(tokens: readonly Token[], i: number, list: readonly Spelling[], spaced: boolean | null): number {
  for (const s of list) {
    const end = matchSpelling(tokens, i, s, spaced);
    if (end !== -1) return end;
  }
  return -1;
}

/** A phrase's spellings as tokens, for matchSpelling; longest first, so "de la tarde" is tried before "de". */
export function spellings(words: readonly string[], segmenter?: Segmenter): Spelling[] {
  return words
    .map((w) => tokenize(w, segmenter).map((t) => ({ text: t.text, space: t.space })))
    .sort((a, b) => b.length - a.length);
}
