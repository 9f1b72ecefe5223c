// Quick add's parser is a chunk of its own (understood.ts, ~8 KB gzip), loaded after the first
// paint or when the field is first focused, whichever comes first, so the first screen doesn't
// wait for it; the words of the person's language (SPEC §20) come with it, a small chunk each
// (words.ts). Until both are there the field adds plain titles — Enter never waits for them — and
// such a line is read once they arrive, unless the task was edited since (late-line.ts).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Words } from '@/domain/quick-add';
import { getUnderstandDates, onUnderstandDatesChange } from '@/domain/quick-add/preference';
import { currentLanguage, type Language, subscribeLanguage } from '@/lib/i18n';

export type QuickAddParser = typeof import('./understood');

let loaded: QuickAddParser | null = null;
let loading: Promise<QuickAddParser> | null = null;
/** The tables loaded, by language (English's is the parser's own: undefined). */
const tables = new Map<Language, Words | undefined>();
type Waiting = (parser: QuickAddParser, words: Words | undefined) => void;
const waiting = new Set<Waiting>();

/**
 * Loads the parser once, and the words of `language`; a failed load (offline before the shell was
 * cached) may be tried again. Lines waiting for the parser are read when it is here.
 */
export function loadQuickAddParser(language: Language = currentLanguage()): Promise<QuickAddParser> {
  loading ??= import('./understood').then(
    (module) => module,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading.then(async (module) => {
    if (!tables.has(language)) tables.set(language, await module.wordsFor(language));
    loaded = module;
    if (language === currentLanguage()) {
      for (const run of [...waiting]) {
        waiting.delete(run);
        run(module, tables.get(language));
      }
    }
    return module;
  });
}

/** The words of `language`, once loaded (undefined for English, whose words are the parser's). */
export function quickAddWords(language: Language): Words | undefined {
  return tables.get(language);
}

/**
 * Runs `run` with the parser and the words of the language in use once both are here: at once if
 * they are, else when they have loaded (whatever screen is showing then).
 */
export function whenQuickAddParserLoads(run: Waiting): void {
  const language = currentLanguage();
  if (loaded && tables.has(language)) run(loaded, tables.get(language));
  else waiting.add(run);
}

/** Settings → "Understand dates in quick add", live across tabs. */
export function useUnderstandDates(): boolean {
  return useSyncExternalStore(onUnderstandDatesChange, getUnderstandDates, () => true);
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
};

/**
 * The parser and the words of the language in use when understanding is on and both have loaded,
 * else null; and `load` for the field's focus. While the setting is off nothing is loaded. Another
 * language chosen later loads its words at once.
 */
export function useQuickAddParser(): { parser: QuickAddParser | null; words: Words | undefined; load: () => void } {
  const enabled = useUnderstandDates();
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  const [, setReady] = useState(0);
  const ready = loaded !== null && tables.has(language);
  const load = useCallback(() => {
    if (!enabled) return;
    if (loaded && tables.has(language)) setReady((n) => n + 1);
    else loadQuickAddParser(language).then(() => setReady((n) => n + 1), () => {});
  }, [enabled, language]);
  useEffect(() => {
    if (!enabled || ready) return;
    if (loaded) return load();
    return whenIdle(load);
  }, [enabled, ready, load]);
  return { parser: enabled && ready ? loaded : null, words: tables.get(language), load };
}
