// The first Intl formatter a page makes starts ICU, a long task for a DateTimeFormat or a
// NumberFormat alike. At a cold start Today's date heading and the sidebar's counts would make it
// before the app's first rows could be drawn. So the strings a device formats are remembered
// there, by browser and locale, and a start answers from them. A string not remembered is made
// at once by this page's own formatters, except while the start defers them (deferFormats): then
// the screen shows a stand-in, a helper off the page's thread (a worker, with its own ICU) makes
// the strings, and the screens that format (useFormatAnswers) draw again with them.
// Figures: BENCHMARKS.md.
import { localStore } from '@/lib/local-storage';
import { nextTask } from '@/lib/next-task';
import { formatterFor, type FormatSpec } from './format-spec';

const KEY = 'daybook-formats';
/** Enough for every day, time and count a few screens show; the oldest go first past it. */
const LIMIT = 400;

interface Stored {
  /** Browser and locales the strings were made for: another of either formats afresh. */
  by: string;
  entries: [string, string][];
}

/** Strings of one kind to make: `keys` as the format's input, the answers keyed `${kind}|${key}`. */
export interface FormatRequest {
  kind: string;
  spec: FormatSpec;
  keys: string[];
}

/** Makes strings elsewhere: answers [`${kind}|${key}`, string] pairs, or none if it cannot. */
export type FormatHelper = (requests: FormatRequest[]) => Promise<[string, string][]>;

interface Maker {
  kind: string;
  spec: FormatSpec;
  make: () => (key: string) => string;
  likely: () => string[];
}

const makers: Maker[] = [];
let memory: Map<string, string> | null = null;
let savePending = false;

let helper: FormatHelper | null = null;
let helperDone: (() => void) | null = null;
let endRequested = false;
let inFlight = 0;
let askedLikely = false;
const pending = new Map<Maker, Set<string>>();
let flushPending = false;
const listeners = new Set<() => void>();
let answers = 0;

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

function notify() {
  answers++;
  for (const listener of listeners) listener();
}

function endDeferral() {
  if (!helper) return;
  helper = null;
  helperDone?.();
  helperDone = null;
  pending.clear();
  notify(); // a stand-in still on screen is made here now
}

function send(requests: FormatRequest[]) {
  const ask = helper;
  if (!ask || !requests.length) return;
  inFlight++;
  const settled = (pairs: [string, string][]) => {
    inFlight--;
    for (const [key, value] of pairs) remember(key, value);
    if (endRequested && inFlight === 0) endDeferral();
    else notify();
  };
  ask(requests).then(settled, () => settled([]));
}

/**
 * Sends the misses gathered to the helper, in a task of their own (not in the render that missed
 * them); the first time, what the next screens will likely show follows a task later.
 */
function flush() {
  flushPending = false;
  if (!helper) return;
  const requests: FormatRequest[] = [];
  for (const maker of makers) {
    const keys = pending.get(maker);
    if (keys?.size) requests.push({ kind: maker.kind, spec: maker.spec, keys: [...keys] });
  }
  pending.clear();
  send(requests);
  if (askedLikely) return;
  askedLikely = true;
  void nextTask().then(askLikely);
}

function askLikely() {
  if (!helper) return;
  const strings = remembered();
  const requests: FormatRequest[] = [];
  for (const maker of makers) {
    const keys = maker.likely().filter((key) => !strings.has(`${maker.kind}|${key}`));
    if (keys.length) requests.push({ kind: maker.kind, spec: maker.spec, keys });
  }
  send(requests);
}

/**
 * `kind`'s formatting (`spec`), answered from the strings this device made before where it can.
 * `kind` must name everything the output depends on besides the input (the options). `fallback`
 * stands in while the start defers formatting; `likely` names the inputs the next screens will
 * probably show, made off the page's thread along with the start's first miss.
 */
export function rememberedFormat<T extends string | number>(
  kind: string,
  spec: FormatSpec,
  fallback: (input: T) => string,
  likely: () => T[] = () => [],
): (input: T) => string {
  let format: ((key: string) => string) | null = null;
  const maker: Maker = {
    kind,
    spec,
    make: () => {
      format ??= formatterFor(spec);
      return format;
    },
    likely: () => likely().map(String),
  };
  makers.push(maker);
  return (input) => {
    const key = `${kind}|${input}`;
    const hit = remembered().get(key);
    if (hit !== undefined) return hit;
    if (helper) {
      const keys = pending.get(maker) ?? new Set<string>();
      keys.add(String(input));
      pending.set(maker, keys);
      if (!flushPending) {
        flushPending = true;
        void nextTask().then(flush);
      }
      return fallback(input);
    }
    const value = maker.make()(String(input));
    remember(key, value);
    return value;
  };
}

/**
 * From now until endDeferredFormats (and the helper's last answer), strings not remembered are
 * made by `ask` instead of this page's formatters; `done` runs once that is over.
 */
export function deferFormats(ask: FormatHelper, done?: () => void): void {
  helper = ask;
  helperDone = done ?? null;
  endRequested = false;
}

/** The start is over: misses are made on this page again, once the helper has answered what it was asked. */
export function endDeferredFormats(): void {
  endRequested = true;
  if (inFlight === 0) endDeferral();
}

/** For screens that format while drawing: `listener` runs when strings arrive to replace stand-ins. */
export function subscribeFormats(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever strings arrived (for useSyncExternalStore). */
export function formatAnswers(): number {
  return answers;
}

/** Makes every formatter now, so no later screen waits for ICU. */
export function warmFormats(): void {
  for (const maker of makers) maker.make();
}
