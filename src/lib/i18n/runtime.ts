// Reads messages in the form Lingui's compiler leaves them (@lingui/message-utils, run at build
// time by scripts/vite-messages.ts): text, {name}, plural / selectordinal with # and =N, select,
// number. It does what @lingui/core's runtime does with that form — a test holds the two equal
// over every message of every catalogue — in a fraction of its size: the 2 KB that runtime
// weighed was what put the English first screen over its 160 KB budget.
export type CompiledMessage = string | readonly CompiledToken[];
type CompiledToken = string | readonly [name: string, type?: string, format?: unknown];
export type Messages = Record<string, CompiledMessage>;
type Values = Record<string, unknown>;

/** Stands for # inside a plural's case until the case is chosen (as Lingui's runtime does). */
const HASH = '\u0000#\u0000';
const ESCAPES = /\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g;

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function pluralRules(locale: string, ordinal: boolean): Intl.PluralRules {
  const key = `${locale}|${ordinal}`;
  let found = rules.get(key);
  if (!found) {
    found = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' });
    rules.set(key, found);
  }
  return found;
}

function formatNumber(locale: string, value: number, format?: unknown): string {
  if (format !== undefined) return new Intl.NumberFormat(locale, typeof format === 'object' ? (format as Intl.NumberFormatOptions) : { style: format as 'decimal' }).format(value);
  let found = numbers.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale);
    numbers.set(locale, found);
  }
  return found.format(value);
}

function render(message: CompiledMessage, values: Values, locale: string, inPlural: boolean): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && inPlural ? HASH : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    let text: unknown = value;
    if (type === 'plural' || type === 'selectordinal') {
      const { offset = 0, ...cases } = format as Record<string, CompiledMessage> & { offset?: number };
      const n = value as number;
      const chosen = cases[String(n)] ?? cases[pluralRules(locale, type === 'selectordinal').select(n - offset)] ?? cases.other;
      text = render(chosen ?? '', values, locale, true).split(HASH).join(formatNumber(locale, n - offset));
    } else if (type === 'select') {
      const cases = format as Record<string, CompiledMessage>;
      const chosen = cases[String(value)] ?? cases.other;
      text = chosen === undefined ? undefined : render(chosen, values, locale, false);
    } else if (type === 'number') {
      text = formatNumber(locale, value as number, format);
    }
    if (text != null) out += text;
  }
  return out;
}

/** The current language's messages and the one lookup the app makes in them. */
export const i18n = {
  locale: 'en',
  messages: {} as Messages,
  load(locale: string, messages: Messages): void {
    this.locale = locale;
    this.messages = messages;
  },
  _(id: string, values: Values = {}): string {
    const message = this.messages[id];
    if (message === undefined) return id;
    return render(message, values, this.locale, false).replace(ESCAPES, (_, u: string | undefined, x: string | undefined) => String.fromCharCode(Number.parseInt(u ?? x ?? '0', 16)));
  },
};
