// One rule for text on client and server (SPEC §12): trimmed of Unicode white space, counted in
// code points, no control characters other than newline and tab (in notes), no lone surrogates.
// The server's SQL (supabase/migrations/*_text_rules.sql) uses the same character classes; the
// shared mutation cases (tests/shared/mutation-cases/text.ts) hold both to it.

/**
 * White space as String.prototype.trim and the server's `daybook_private.trim_text` see it:
 * ECMAScript WhiteSpace and LineTerminator (tab, line feed, vertical tab, form feed, carriage
 * return, space, no-break space, Ogham space, en quad … hair space, line and paragraph
 * separators, narrow no-break space, medium mathematical space, ideographic space, BOM).
 */
const WHITE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const EDGES = new RegExp(`^[${WHITE}]+|[${WHITE}]+$`, 'gu');

export function trimText(value: string): string {
  return value.replace(EDGES, '');
}

/** Length as people count characters (and Postgres' char_length does): code points, not UTF-16 units. */
export function codePoints(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

// Cc: C0 controls, DEL and C1 controls. Notes may hold newline and tab.
const CONTROL = /\p{Cc}/u;
const CONTROL_IN_NOTES = /(?![\n\t])\p{Cc}/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the text holds a character that can't be stored: a control character or a lone surrogate. */
export function hasForbiddenCharacter(value: string, multiline: boolean): boolean {
  return (multiline ? CONTROL_IN_NOTES : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** Windows and old Mac line ends become newlines (a textarea gives only newlines anyway). */
export function normalizeNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}
