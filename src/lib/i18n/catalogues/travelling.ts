// Messages that travel as English text — errors thrown far from a screen, refusals the server
// wrote, reasons the sync centre keeps — are found here by their English and given in the current
// language (localizeMessage). The English of their catalogues, and the finding, come in one chunk
// loaded with any other language (an English reader never needs it) and precached with the rest.
import { i18n, type Messages } from '../runtime';

const files = import.meta.glob<Record<string, unknown>>(
  ['/src/lib/locales/en.json', '/src/domain/locales/en.json', '/src/data/locales/en.json', '/src/data/mutations/locales/en.json', '/src/sync/locales/en.json', '/src/backend/locales/en.json'],
  { eager: true, import: 'default' },
);
/** The English catalogues of these messages, for the catalogue to register beside the parts' own. */
export const sources = Object.values(files);

type Compiled = string | readonly (string | readonly unknown[])[];
interface Pattern {
  key: string;
  names: string[];
  match: RegExp;
}
interface Index {
  exact: Map<string, string>;
  patterns: Pattern[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function indexOf(messages: Messages): Index {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, compiled] of Object.entries(messages) as [string, Compiled][]) {
    const parts = typeof compiled === 'string' ? [compiled] : compiled;
    // Only plain text and simple {placeholders}: a plural's words are said by its caller's t().
    if (!parts.every((p) => typeof p === 'string' || (Array.isArray(p) && p.length === 1))) continue;
    if (parts.every((p) => typeof p === 'string')) {
      const text = parts.join('');
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    // A message that is mostly its placeholder ("“{name}”") would claim any text.
    if (parts.filter((p) => typeof p === 'string').join('').trim().length < 4) continue;
    const names: string[] = [];
    const source = parts
      .map((p, i) => {
        if (typeof p === 'string') return escapeRegExp(p);
        names.push(String(p[0]));
        return i === parts.length - 1 ? '(.+)' : '(.+?)';
      })
      .join('');
    patterns.push({ key, names, match: new RegExp(`^${source}$`, 's') });
  }
  return { exact, patterns };
}

export interface Lookup {
  /** `text` in the current language if it is a catalogue's English; each value passes through `again`. */
  find(text: string, again: (value: string) => string): string;
  /** A catalogue registered since: index again on the next find. */
  forget(): void;
}

/** Finds messages among `english()`: the parts registered so far, this chunk's catalogues among them. */
export function lookup(english: () => Messages): Lookup {
  let index: Index | null = null;
  return {
    forget() {
      index = null;
    },
    find(text, again) {
      index ??= indexOf(english());
      const key = index.exact.get(text);
      if (key !== undefined) return i18n._(key);
      for (const { key, names, match } of index.patterns) {
        const found = match.exec(text);
        if (!found) continue;
        const values: Record<string, string> = {};
        names.forEach((name, i) => {
          values[name] = again(found[i + 1] ?? '');
        });
        return i18n._(key, values);
      }
      return text;
    },
  };
}
