// The ICU MessageFormat the server catalogues use, formatted where the Edge Functions run: they
// may load nothing from outside supabase/functions/, so the app's build-time compiler is out of
// reach. Only what the catalogues need: `{name}`, `{n, plural, =0 {…} one {…} other {…}}` with `#`,
// and ICU's quoting (`''` is an apostrophe; `'{` starts quoted text); tests/unit/edge-functions/
// server-catalogues.test.ts keeps every message inside this subset.

type Node = string | { arg: string } | { pound: true } | { arg: string; cases: Record<string, Node[]> };

/** A value put in as it is, unescaped: HTML the caller has made safe itself. */
export interface Raw {
  raw: string;
}

export type MessageValues = Record<string, string | number | Raw>;

function parse(src: string): Node[] {
  let i = 0;
  const fail = (why: string): never => {
    throw new SyntaxError(`${why} at ${i} in message: ${src}`);
  };

  function nodes(inPlural: boolean): Node[] {
    const out: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (i < src.length) {
      const c = src[i]!;
      if (c === "'") {
        if (src[i + 1] === "'") {
          text += "'";
          i += 2;
        } else if (src[i + 1] === '{' || src[i + 1] === '}' || (inPlural && src[i + 1] === '#')) {
          const end = src.indexOf("'", i + 1);
          if (end < 0) fail('unclosed quote');
          text += src.slice(i + 1, end).replaceAll("''", "'");
          i = end + 1;
        } else {
          text += c;
          i++;
        }
      } else if (c === '{') {
        flush();
        i++;
        out.push(argument());
      } else if (c === '}') {
        break;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ pound: true });
        i++;
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  }

  function word(): string {
    while (src[i] === ' ') i++;
    const m = /^[A-Za-z0-9_=]+/.exec(src.slice(i));
    if (!m) fail('expected a name');
    i += m![0].length;
    while (src[i] === ' ') i++;
    return m![0];
  }

  function argument(): Node {
    const arg = word();
    if (src[i] === '}') {
      i++;
      return { arg };
    }
    if (src[i] !== ',') fail('expected , or }');
    i++;
    if (word() !== 'plural') fail('only plural arguments are supported');
    if (src[i] !== ',') fail('expected ,');
    i++;
    const cases: Record<string, Node[]> = {};
    for (;;) {
      while (src[i] === ' ') i++;
      if (src[i] === '}') {
        i++;
        break;
      }
      const key = word();
      if (src[i] !== '{') fail('expected {');
      i++;
      cases[key] = nodes(true);
      if (src[i] !== '}') fail('expected }');
      i++;
    }
    if (!cases.other) fail('a plural needs an "other" case');
    return { arg, cases };
  }

  const result = nodes(false);
  if (i < src.length) fail('unexpected }');
  return result;
}

const parsed = new Map<string, Node[]>();

// Intl objects are slow to make and cheap to reuse: one of each a locale (a sender formats
// thousands of pushes a run).
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormat = (locale: string) => numberFormats.get(locale) ?? numberFormats.set(locale, new Intl.NumberFormat(locale)).get(locale)!;
const plurals = (locale: string) => pluralRules.get(locale) ?? pluralRules.set(locale, new Intl.PluralRules(locale)).get(locale)!;

/** The placeholders a message names (for the catalogue test). */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (list: Node[]) => {
    for (const n of list) {
      if (typeof n === 'string' || 'pound' in n) continue;
      names.add(n.arg);
      if ('cases' in n) for (const c of Object.values(n.cases)) walk(c);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/**
 * The message with its values put in. Strings go through `escapeValue` (e.g. for HTML); a Raw goes in
 * as it is; the message's own text is the catalogue's, trusted, and kept as written.
 */
export function formatMessage(message: string, values: MessageValues, locale: string, escapeValue: (s: string) => string = (s) => s): string {
  let tree = parsed.get(message);
  if (!tree) {
    tree = parse(message);
    parsed.set(message, tree);
  }
  const value = (name: string): string => {
    const v = values[name];
    if (v === undefined) throw new Error(`No value for {${name}} in: ${message}`);
    if (typeof v === 'number') return numberFormat(locale).format(v);
    return typeof v === 'string' ? escapeValue(v) : v.raw;
  };
  const render = (list: Node[], count: number | null): string =>
    list
      .map((n) => {
        if (typeof n === 'string') return n;
        if ('pound' in n) return numberFormat(locale).format(count ?? 0);
        if (!('cases' in n)) return value(n.arg);
        const v = values[n.arg];
        if (typeof v !== 'number') throw new Error(`{${n.arg}} must be a number in: ${message}`);
        const chosen = n.cases[`=${v}`] ?? n.cases[plurals(locale).select(v)] ?? n.cases.other!;
        return render(chosen, v);
      })
      .join('');
  return render(tree, null);
}
