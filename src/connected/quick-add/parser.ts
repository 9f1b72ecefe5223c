// Quick add's parser is a chunk of its own (understood.ts, ~8 KB gzip), loaded after the first
// paint or when the field is first focused, whichever comes first, so the first screen doesn't
// wait for it. Until it is there the field adds plain titles; Enter never waits for it, since the
// task gets what the chips under the field showed and nothing else.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getUnderstandDates, onUnderstandDatesChange } from '@/domain/quick-add/preference';

export type QuickAddParser = typeof import('./understood');

let loaded: QuickAddParser | null = null;
let loading: Promise<QuickAddParser> | null = null;

/** Loads the parser once; a failed load (offline before the shell was cached) may be tried again. */
export function loadQuickAddParser(): Promise<QuickAddParser> {
  loading ??= import('./understood').then(
    (module) => {
      loaded = module;
      return module;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
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
 * The parser when understanding is on and it has loaded, else null; and `load` for the field's
 * focus. While the setting is off nothing is loaded.
 */
export function useQuickAddParser(): { parser: QuickAddParser | null; load: () => void } {
  const enabled = useUnderstandDates();
  const [parser, setParser] = useState<QuickAddParser | null>(loaded);
  const load = useCallback(() => {
    if (!enabled) return;
    if (loaded) setParser(loaded);
    else loadQuickAddParser().then(setParser, () => {});
  }, [enabled]);
  useEffect(() => {
    if (!enabled || loaded) return;
    return whenIdle(load);
  }, [enabled, load]);
  return { parser: enabled ? parser : null, load };
}
