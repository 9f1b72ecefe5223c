// Dates and counts a start can show without making an Intl formatter (src/ui/format-memory.ts):
// the first one a page makes starts ICU, a long task before Today's first rows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'daybook-formats';

/** A fresh start: the modules loaded anew, as after a reload, with what localStorage holds. */
async function start() {
  vi.resetModules();
  const format = await import('@/ui/format');
  const memory = await import('@/ui/format-memory');
  return { ...format, ...memory };
}

/** Counts the Intl formatters made from now on. */
function countFormatters() {
  const made = { n: 0 };
  const DateTimeFormat = Intl.DateTimeFormat;
  const NumberFormat = Intl.NumberFormat;
  // biome-ignore lint/complexity/useArrowFunction: called with `new`, which an arrow function cannot be
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    made.n++;
    return new DateTimeFormat(...args);
  } as never);
  // biome-ignore lint/complexity/useArrowFunction: called with `new`
  vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
    made.n++;
    return new NumberFormat(...args);
  } as never);
  return made;
}

const settle = () => vi.advanceTimersByTimeAsync(1500);

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('formatted strings remembered across starts', () => {
  it("a start shows what the last one formatted without making a formatter, and the same text Intl gives", async () => {
    const first = await start();
    const heading = first.longDate('2026-11-26', '2026-11-26');
    const lastYear = first.longDate('2025-11-26', '2026-11-26');
    const count = first.formatCount(50010);
    expect(heading).toBe(new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(2026, 10, 26, 12)));
    expect(lastYear).toContain('2025');
    expect(count).toBe(new Intl.NumberFormat().format(50010));
    await settle();

    const tomorrow = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(2026, 10, 27, 12));
    const made = countFormatters();
    const second = await start();
    expect(second.longDate('2026-11-26', '2026-11-26')).toBe(heading);
    expect(second.longDate('2025-11-26', '2026-11-26')).toBe(lastYear);
    expect(second.formatCount(50010)).toBe(count);
    expect(made.n).toBe(0);

    // a string not seen before makes the day formatters, once
    expect(second.longDate('2026-11-27', '2026-11-26')).toBe(tomorrow);
    expect(made.n).toBe(2); // with and without the year
    second.longDate('2026-11-28');
    expect(made.n).toBe(2);
  });

  it('another locale or browser formats afresh; an unreadable record is ignored', async () => {
    const first = await start();
    first.longDate('2026-11-26');
    await settle();
    const stored = JSON.parse(localStorage.getItem(KEY)!);
    localStorage.setItem(KEY, JSON.stringify({ ...stored, by: `${stored.by} (another)`, entries: [['day {"weekday":"long","day":"numeric","month":"long"}|2026-11-26', 'Wrong']] }));
    expect((await start()).longDate('2026-11-26')).not.toBe('Wrong');

    localStorage.setItem(KEY, '{not json');
    expect((await start()).formatCount(7)).toBe(new Intl.NumberFormat().format(7));
  });

  it('warmFormats makes every formatter up front; the record keeps the newest 400 strings', async () => {
    const made = countFormatters();
    const app = await start();
    app.warmFormats();
    expect(made.n).toBeGreaterThanOrEqual(3); // days (with and without year, per kind) and counts
    for (let n = 0; n < 450; n++) app.formatCount(n);
    await settle();
    const entries = JSON.parse(localStorage.getItem(KEY)!).entries as [string, string][];
    expect(entries).toHaveLength(400);
    expect(entries[0]![0]).toBe('count|50');
    expect(entries.at(-1)).toEqual(['count|449', new Intl.NumberFormat().format(449)]);
  });
});

describe('a start that leaves formatting to a helper off the page’s thread', () => {
  const HEADING = 'day {"weekday":"long","day":"numeric","month":"long"}|2026-11-26';

  it('shows a stand-in, asks the helper for it and the likely next strings, draws again with its answer, and makes no formatter', async () => {
    const made = countFormatters();
    const app = await start();
    const asked: import('@/ui/format-memory').FormatRequest[][] = [];
    const answers: ((pairs: [string, string][]) => void)[] = [];
    const answer = (pairs: [string, string][]) => {
      for (const resolve of answers) resolve(pairs);
    };
    app.deferFormats((requests) => {
      asked.push(requests);
      return new Promise((resolve) => {
        answers.push(resolve);
      });
    });
    const redraw = vi.fn();
    app.subscribeFormats(redraw);

    expect(app.longDate('2026-11-26')).toBe('\u00a0');
    expect(app.formatCount(1234)).toBe('1234');
    // the misses, then (a task later, once) what the next screens will likely show
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]!.flatMap((r) => r.keys.map((k) => `${r.kind}|${k}`))).toEqual(expect.arrayContaining([HEADING, 'count|1234']));
    const keys = asked.flat().flatMap((r) => r.keys.map((k) => `${r.kind}|${k}`));
    expect(keys).toEqual(expect.arrayContaining([HEADING, 'count|1234', 'count|7']));

    answer([
      [HEADING, 'Thursday 26 November (helper)'],
      ['count|1234', '1.234'],
    ]);
    await vi.waitFor(() => expect(redraw).toHaveBeenCalled());
    expect(app.longDate('2026-11-26')).toBe('Thursday 26 November (helper)');
    expect(app.formatCount(1234)).toBe('1.234');
    expect(made.n).toBe(0);

    // the start is over: a string not remembered is made on the page, at once
    app.endDeferredFormats();
    expect(app.longDate('2030-01-02')).toBe(new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(2030, 0, 2, 12)));
  });

  it('ended before the helper answered, it waits for that answer; a helper that fails leaves the page to format', async () => {
    const app = await start();
    const failing: ((e: Error) => void)[] = [];
    const done = vi.fn();
    app.deferFormats(() => new Promise((_, reject) => failing.push(reject)), done);
    const redraw = vi.fn();
    app.subscribeFormats(redraw);
    expect(app.formatCount(42)).toBe('42');
    await vi.waitFor(() => expect(failing).toHaveLength(2)); // the miss, then the likely strings
    app.endDeferredFormats();
    expect(done).not.toHaveBeenCalled();
    expect(app.formatCount(43)).toBe('43'); // still the stand-in while the helper is at work
    await Promise.resolve();

    for (const fail of failing) fail(new Error('no worker'));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(redraw).toHaveBeenCalled();
    expect(app.formatCount(50010)).toBe(new Intl.NumberFormat().format(50010));
  });
});
