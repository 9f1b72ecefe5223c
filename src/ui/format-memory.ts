// The first Intl formatter a page makes starts ICU, a long task for a DateTimeFormat or a
// NumberFormat alike. At a cold start Today's date heading and the sidebar's counts would make it
// before the app's first rows could be drawn. So the strings a device formats are remembered
// there, by browser and locale, and a start answers from them; a formatter is made at the first
// string not remembered, or once the first screen is up (warmFormats). Figures: BENCHMARKS.md.
import { localStore } from '@/lib/local-storage';

const KEY = 'daybook-formats';
/** Enough for every day, time and count a few screens show; the oldest go first past it. */
const LIMIT = 400;

interface Stored {
  /** Browser and locales the strings were made for: another of either formats afresh. */
  by: string;
  entries: [string, string][];
}

const makers: (() => unknown)[] = [];
let memory: Map<string, string> | null = null;
let savePending = false;

function madeBy(): string {
  if (typeof navigator === 'undefined') return '';
  return `${navigator.userAgent}|${(navigator.languages ?? [navigator.language]).join(',')}`;
}

function remembered(): Map<string, string> {
  if (memory) return memory;
  memory = new Map();
  try {
    const stored = JSON.parse(localStore()?.getItem(KEY) ?? 'null') as Stored | null;
    if (stored?.by === madeBy() && Array.isArray(stored.entries)) {
      for (const entry of stored.entries) {
        if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') memory.set(entry[0], entry[1]);
      }
    }
  } catch {
    // unreadable: formatted afresh, and written over at the next save
  }
  return memory;
}

function save() {
  savePending = false;
  const stored: Stored = { by: madeBy(), entries: [...remembered()] };
  try {
    localStore()?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // storage full or refused: the strings are formatted again at the next start
  }
}

function remember(key: string, value: string) {
  const strings = remembered();
  strings.set(key, value);
  if (strings.size > LIMIT) strings.delete(strings.keys().next().value as string);
  if (savePending) return;
  // Written at once (a miss is rare once a device has used the app, and it has just paid far more
  // for ICU): a start that is closed soon after still leaves its strings for the next.
  savePending = true;
  queueMicrotask(save);
}

/**
 * `make()`'s formatting, answered from the strings this device made before where it can.
 * `kind` must name everything the output depends on besides the input (the options).
 */
export function rememberedFormat<T extends string | number>(kind: string, make: () => (input: T) => string): (input: T) => string {
  let format: ((input: T) => string) | null = null;
  const made = () => {
    format ??= make();
    return format;
  };
  makers.push(made);
  return (input) => {
    const key = `${kind}|${input}`;
    const hit = remembered().get(key);
    if (hit !== undefined) return hit;
    const value = made()(input);
    remember(key, value);
    return value;
  };
}

/** Makes every formatter now (the app calls it once its first screen is up), so no later screen waits for ICU. */
export function warmFormats(): void {
  for (const make of makers) make();
}
