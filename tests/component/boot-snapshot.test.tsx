// The picture of Today a cold start paints before the app runs: Today saves it and
// takes it down (src/connected/boot-snapshot.ts); public/boot.js paints it only when it can be
// right. boot.js runs here on jsdom with the two browser features jsdom lacks stood in
// (constructed stylesheets); the real paint is checked in Chromium (tests/e2e/boot-picture.spec.ts).
import { setMediaMatches } from './support/match-media';
import { readFileSync } from 'node:fs';
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { type BootSnapshot, SNAPSHOT_KEY } from '@/connected/boot-snapshot';
import { ACCOUNT_KEY, writeStoredAccount } from '@/sync/stored-account';
import { WIDE_QUERY } from '@/features/layout/app-shell';
import { THEME_KEY } from '@/lib/theme';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();
afterEach(() => {
  setMediaMatches((q) => q.includes('min-width'));
  document.getElementById('boot-shell')?.remove();
  document.documentElement.removeAttribute('data-theme');
  window.history.replaceState(null, '', '/');
});

const stored = (): BootSnapshot | null => JSON.parse(localStorage.getItem(SNAPSHOT_KEY) ?? 'null');

function bootShell(withPicture: boolean): HTMLElement {
  const host = document.createElement('div');
  host.id = 'boot-shell';
  host.setAttribute('aria-hidden', 'true');
  if (withPicture) host.setAttribute('data-snapshot', '');
  document.body.prepend(host);
  return host;
}

describe('Today keeps a picture of itself for the next start', () => {
  it('takes the picture down once its rows are drawn, and saves what it shows a moment after a change', async () => {
    await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    bootShell(true);
    const { user } = renderRoutes('/today');
    await screen.findByRole('checkbox', { name: 'Pay rent' });
    expect(document.getElementById('boot-shell')).toBeNull();

    await waitFor(() => expect(stored()?.html).toContain('Pay rent'), { timeout: 3000 });
    expect(stored()).toMatchObject({ v: 1, day: todayIso(), user: null, wide: true });
    expect(stored()?.html).toMatch(/^<div class="shell shell-wide"/);

    await user.type(screen.getByRole('textbox', { name: 'New task' }), 'Call Sam{Enter}');
    await screen.findByRole('checkbox', { name: 'Call Sam' });
    await waitFor(() => expect(stored()?.html).toContain('Call Sam'), { timeout: 3000 });
  });

  it('holds only what a start can show: rows below the fold and rules that style nothing are left out', async () => {
    await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    await tasks.create({ title: 'Far down', due_date: todayIso() });
    const style = document.createElement('style');
    style.textContent =
      '*, ::before { box-sizing: border-box; } .task-list li { color: blue; } .never-drawn-here { color: red; } .task-check:hover { color: green; }' +
      ' @media (min-width: 1px) { .screen-title { color: teal; } .also-never-drawn { color: red; } }';
    document.head.append(style);
    // jsdom lays nothing out: the row titled "Far down" is put below an 800 px window.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.textContent?.includes('Far down') && this.tagName === 'LI' ? 5000 : 0;
      return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    try {
      renderRoutes('/today');
      await screen.findByRole('checkbox', { name: 'Far down' });
      await waitFor(() => expect(stored()?.html).toContain('Pay rent'), { timeout: 3000 });
      expect(stored()?.html).not.toContain('Far down');
      const css = stored()?.css ?? '';
      expect(css).toContain('.task-list li');
      expect(css).toMatch(/\*, ::before \{ box-sizing: border-box; \}/);
      expect(css).toMatch(/@media \(min-width: 1px\) \{\s*\.screen-title/);
      expect(css).not.toContain('never-drawn-here');
      expect(css).not.toContain('also-never-drawn');
      expect(css).not.toContain(':hover');
    } finally {
      rect.mockRestore();
      style.remove();
    }
  });

  it('saves at once when the page is hidden, with whose tasks and which layout', async () => {
    setMediaMatches(() => false);
    localStorage.setItem(ACCOUNT_KEY, JSON.stringify({ state: 'signed-in', userId: 'u-1', email: 'a@example.com' }));
    await tasks.create({ title: 'Water plants', due_date: addDays(todayIso(), -2) });
    renderRoutes('/today');
    await screen.findByRole('checkbox', { name: 'Water plants' });
    // Today listens for the page being hidden from an effect after its rows are drawn; its first
    // save (a moment later) says that effect has run.
    await waitFor(() => expect(stored()).not.toBeNull(), { timeout: 3000 });
    localStorage.removeItem(SNAPSHOT_KEY);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(stored()).toMatchObject({ user: 'u-1', wide: false });
    expect(stored()?.html).toContain('Water plants');
  });

  it('leaving Today forgets it: another screen may change what Today would show', async () => {
    await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    const { router } = renderRoutes('/today');
    await screen.findByRole('checkbox', { name: 'Pay rent' });
    await waitFor(() => expect(stored()).not.toBeNull(), { timeout: 3000 });
    await act(() => router.navigate({ to: '/upcoming' }));
    await screen.findByRole('heading', { name: 'Upcoming', level: 1 });
    expect(stored()).toBeNull();
  });

  it('leaves out what belongs to the moment: quick add’s reading of text the picture does not hold', async () => {
    await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    const { user } = renderRoutes('/today');
    await user.type(await screen.findByRole('textbox', { name: 'New task' }), 'Call Sam tomorrow');
    await screen.findByRole('region', { name: 'Recognised' });
    await waitFor(() => expect(stored()).not.toBeNull(), { timeout: 3000 }); // Today's listeners are up
    localStorage.removeItem(SNAPSHOT_KEY);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(stored()?.html).toContain('Pay rent');
    expect(stored()?.html).toContain('quick-add-input');
    expect(stored()?.html).not.toContain('Recognised');
  });

  it('another tab signing in or out forgets it: it shows the account that was', async () => {
    await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    renderRoutes('/today');
    await screen.findByRole('checkbox', { name: 'Pay rent' });
    await waitFor(() => expect(stored()).not.toBeNull(), { timeout: 3000 });
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: ACCOUNT_KEY })));
    expect(stored()).toBeNull();
  });

  it('on another screen the shell takes index.html’s static frame down at once', async () => {
    bootShell(false);
    renderRoutes('/upcoming');
    await screen.findByRole('heading', { name: 'Upcoming', level: 1 });
    expect(document.getElementById('boot-shell')).toBeNull();
  });
});

describe('boot.js paints the picture only when it can be right', () => {
  const source = readFileSync('public/boot.js', 'utf8');
  // jsdom has no constructed stylesheets; boot.js gives up without them (as an old browser would).
  beforeAll(() => {
    Object.defineProperty(Document.prototype, 'adoptedStyleSheets', { configurable: true, get: () => [] });
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', { configurable: true, set() {}, get: () => [] });
    vi.stubGlobal(
      'CSSStyleSheet',
      class {
        replaceSync() {}
      },
    );
  });
  afterAll(() => {
    delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    vi.unstubAllGlobals();
  });

  const picture = (over: Partial<BootSnapshot> = {}): BootSnapshot => ({
    v: 1,
    day: todayIso(),
    user: 'u-1',
    wide: true,
    css: '.shell { color: red; }',
    html: '<div class="shell shell-wide"><ul><li><input type="checkbox" aria-label="Pay rent"> Pay rent</li></ul></div>',
    ...over,
  });

  /** Runs boot.js as index.html would; returns what it painted into the host's shadow root, if anything. */
  function boot({ path = '/today', snap = picture() as unknown, user = 'u-1' as string | null, wide = true } = {}) {
    window.history.replaceState(null, '', path);
    // Written and asked the way the app does, so boot.js's own copies of the account's record and
    // the layout's media query fail here if the app's change and boot.js's do not.
    if (user) writeStoredAccount({ state: 'signed-in', userId: user, email: '' });
    localStorage.setItem(SNAPSHOT_KEY, typeof snap === 'string' ? snap : JSON.stringify(snap));
    localStorage.setItem(THEME_KEY, 'dark');
    setMediaMatches((q) => wide && q === WIDE_QUERY);
    const host = bootShell(false);
    const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
    new Function(source)();
    const root = attach.mock.results[0]?.value as ShadowRoot | undefined;
    attach.mockRestore();
    return { host, root };
  }

  it('same address, day, account and layout: the saved screen, inert, in a closed shadow root', () => {
    const { host, root } = boot();
    expect(host).toHaveAttribute('data-snapshot');
    expect(host).toHaveAttribute('aria-hidden', 'true');
    expect(root?.mode).toBe('closed');
    expect(root?.textContent).toContain('Pay rent');
    expect((root!.firstElementChild as HTMLElement).inert).toBe(true);
    // Nothing of it is in the document's own tree, where the live screen will be.
    expect(host.textContent).toBe('');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('takes the picture down after 10 s should the app never come', () => {
    vi.useFakeTimers();
    try {
      const { host } = boot();
      expect(host.isConnected).toBe(true);
      vi.advanceTimersByTime(9_999);
      expect(host.isConnected).toBe(true);
      vi.advanceTimersByTime(1);
      expect(host.isConnected).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['another day', { snap: picture({ day: addDays(todayIso(), -1) }) }],
    ['another account', { user: 'u-2' }],
    ['signed out since', { user: null }],
    ['the other layout', { wide: false }],
    ['another screen', { path: '/upcoming' }],
    ['a record of another version', { snap: { ...picture(), v: 2 } }],
    ['an unreadable record', { snap: '{"v":1,' }],
  ])('%s: no picture, the static frame shows (the theme still applies)', (_name, options) => {
    const { host, root } = boot(options);
    expect(root).toBeUndefined();
    expect(host).not.toHaveAttribute('data-snapshot');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });
});
