// How the picture of Today (./boot-snapshot.ts) is taken: the shell above the fold and the
// stylesheet rules that style it. A chunk of its own, loaded once Today's rows are drawn.
import { todayIso } from '@/lib/dates';
import { rememberedUserId } from '@/sync/stored-account';
import { localStore } from '@/lib/local-storage';
import { type BootSnapshot, SNAPSHOT_KEY } from './boot-snapshot';

const storage = localStore;

// What the picture holds is cut to what a start can show: the rows below the fold (a start opens
// at the top) and the rules that style nothing in it. At 10,000 tasks Today has ~70 rows; the
// picture's size is what boot.js parses, lays out and paints before anything is on screen.

/** Pseudo-classes and -elements a static picture never shows, or that querySelector cannot test. */
const PSEUDO = /::?(before|after|placeholder|marker|selection|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)\b/g;

function styles(rule: CSSStyleRule, picture: Element): boolean {
  // "*, ::before" → "*, *": a pseudo-element styles what its element's selector matches.
  const selector = rule.selectorText.replace(PSEUDO, '').replace(/(^|,)\s*(?=,|$)/g, '$1*');
  try {
    // :hover, :focus-visible and the like match nothing in a copy no one points at: left out.
    return picture.matches(selector) || picture.querySelector(selector) !== null;
  } catch {
    return true; // a selector this browser cannot test here: kept, to be safe
  }
}

/** The rules of `list` that can style something in `picture`, as text; yields after each rule. */
function* usedRules(list: CSSRuleList, picture: Element, out: string[]): Generator<void, void, void> {
  for (const rule of Array.from(list)) {
    if ('selectorText' in rule) {
      if (styles(rule as CSSStyleRule, picture)) out.push(rule.cssText);
    } else if ('media' in rule && 'cssRules' in rule) {
      const inner: string[] = [];
      yield* usedRules((rule as CSSMediaRule).cssRules, picture, inner);
      if (inner.length) out.push(`@media ${(rule as CSSMediaRule).media.mediaText} {\n${inner.join('\n')}\n}`);
    } else {
      out.push(rule.cssText); // @keyframes, @font-face, @supports…: kept whole
    }
    yield;
  }
}

/** The page's own stylesheets (same origin), cut to what styles the picture, into `out`. */
function* pictureCssSteps(picture: Element, out: string[]): Generator<void, void, void> {
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a sheet the page may not read: not ours
    }
    yield* usedRules(rules, picture, out);
  }
}

/** The page's own stylesheets (same origin), cut to what styles the picture. */
export function pictureCss(picture: Element): string {
  const out: string[] = [];
  for (const _ of pictureCssSteps(picture, out));
  return out.join('\n');
}

/**
 * What belongs to the moment, not to the screen: a sync's progress, quick add's reading of text
 * the picture does not hold (an input's value is not in its HTML), the list suggestions under it.
 */
const TRANSIENT = '.sync-progress-strip, .quick-add-recognised, .quick-add-suggestions';

/** A copy of `shell` without what is transient and the list rows that start below the window's bottom edge. */
export function aboveTheFold(shell: HTMLElement): HTMLElement {
  const copy = shell.cloneNode(true) as HTMLElement;
  // Rows first, while the copy's rows are still the shell's, one for one.
  const rows = Array.from(shell.querySelectorAll('li'));
  const copies = Array.from(copy.querySelectorAll('li'));
  const bottom = window.innerHeight;
  rows.forEach((row, i) => {
    if (row.getBoundingClientRect().top > bottom) copies[i]?.remove();
  });
  for (const part of Array.from(copy.querySelectorAll(TRANSIENT))) part.remove();
  // What a live region says is said once, at that moment (and the picture is hidden from
  // assistive tech anyway): emptied.
  for (const region of Array.from(copy.querySelectorAll('[aria-live]'))) region.replaceChildren();
  return copy;
}

/** The shell around <main id="main"> (AppShell's), or null: index.html's frame has none. */
function appShell(): HTMLElement | null {
  return document.getElementById('main')?.closest<HTMLElement>('.shell') ?? null;
}

function record(shell: HTMLElement, picture: HTMLElement, css: string): BootSnapshot {
  return {
    v: 1,
    day: todayIso(),
    user: rememberedUserId(),
    wide: shell.classList.contains('shell-wide'),
    css,
    html: picture.outerHTML,
  };
}

/** The record for what the shell shows now, or null if no shell is on the page. */
export function takeBootSnapshot(): BootSnapshot | null {
  const shell = appShell();
  if (!shell) return null;
  const picture = aboveTheFold(shell);
  return record(shell, picture, pictureCss(picture));
}

function store(snap: BootSnapshot | null): void {
  try {
    if (snap) storage()?.setItem(SNAPSHOT_KEY, JSON.stringify(snap));
  } catch {
    // storage full or refused: the next start shows the static frame, as without a picture
  }
}

/** A save in slices (saveBootSnapshotSliced) that has not finished: a save now makes it moot. */
let sliced: { cancelled: boolean } | null = null;

export function saveBootSnapshot(): void {
  if (sliced) sliced.cancelled = true;
  sliced = null;
  store(takeBootSnapshot());
}

/** How long one slice of a sliced save may run before it lets the page's other work in. */
const SLICE_MS = 8;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The same save, its styles sifted a few milliseconds at a time: sifting every rule of the app's
 * stylesheets against the picture is one long task otherwise, and the save after a change comes
 * while the screen is in use (the first one seconds into a start). The picture is the screen as
 * it was when the save began; a change meanwhile is saved by the save that change schedules.
 */
export async function saveBootSnapshotSliced(): Promise<void> {
  if (sliced) sliced.cancelled = true;
  const run = { cancelled: false };
  sliced = run;
  const shell = appShell();
  if (!shell) return;
  const picture = aboveTheFold(shell);
  const out: string[] = [];
  let deadline = performance.now() + SLICE_MS;
  for (const _ of pictureCssSteps(picture, out)) {
    if (performance.now() < deadline) continue;
    await nextTask();
    if (run.cancelled) return;
    deadline = performance.now() + SLICE_MS;
  }
  sliced = null;
  store(record(shell, picture, out.join('\n')));
}

/** Stops a sliced save under way (the picture is being forgotten). */
export function cancelSlicedSave(): void {
  if (sliced) sliced.cancelled = true;
  sliced = null;
}
