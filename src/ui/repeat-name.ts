// The name of a repeating task's mark ("Repeats every week on Monday", SPEC §11.5) for rows. The
// words come with repeat-words.ts, fetched the first time a repeating row renders: a first screen
// without one never loads them, and one with them paints at once, its mark named "Repeats" (as
// for a rule this app can't read) until the words arrive a moment later, from the service
// worker's cache once the app is installed.
import { useEffect, useSyncExternalStore } from 'react';
import type { Task } from '@/domain/model';
import { t } from './messages';

type Words = typeof import('./repeat-words');
type Repeating = Pick<Task, 'repeat' | 'repeat_anchor' | 'due_date'>;

let words: Words | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** Fetches the words now (after the first paint), so rows have them even if the device goes offline. */
export function loadWords(): void {
  if (requested) return;
  requested = true;
  import('./repeat-words').then(
    (module) => {
      words = module;
      for (const listener of listeners) listener();
    },
    () => {
      requested = false; // offline before the chunk was cached: the next repeating row tries again
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loaded = () => words !== null;

/** The mark's name for a repeating task (one with a rule and a date), else null. */
export function useRepeatName(task: Repeating): string | null {
  const repeats = Boolean(task.repeat && task.due_date);
  const ready = useSyncExternalStore(subscribe, loaded, loaded);
  useEffect(() => {
    if (repeats) loadWords();
  }, [repeats]);
  if (!task.repeat || !task.due_date) return null;
  return ready && words ? words.repeatWords(task.repeat, task.repeat_anchor ?? task.due_date) : t('ui.repeats');
}
