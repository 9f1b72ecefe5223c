// Naming the days of task rows (dayLabel, SPEC §20's short date): 2,000 rows with due dates over
// 90 days, formatted once per run as a screen of rows does. Compares Daybook's former hand-made
// English, an Intl formatter made per call, one Intl formatter kept per locale, and the format
// module (src/lib/i18n/format.ts: formatter per locale and kind, each day's text remembered).
// Also the first formatter's cost (ICU's locale data loaded) per locale, in a fresh process.
// Median / p95 of 30 runs after 5 warm-up, one process.
// Run: npx tsx bench/format-kinds.ts
import { spawnSync } from 'node:child_process';
import { addDays, dayLabel, setDateWords } from '../src/lib/dates.ts';
import { shortDate } from '../src/lib/i18n/format.ts';
import { machine, quantile, summary, time } from './recurrence-common.ts';

const TODAY = '2026-11-29';
const ROWS = Array.from({ length: 2000 }, (_, i) => addDays(TODAY, 2 + ((i * 7919) % 90)));
const OPTIONS: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
const utc = (iso: string) => new Date(`${iso}T12:00:00Z`);

const kept = new Map<string, Intl.DateTimeFormat>();
const ways: [string, () => unknown][] = [
  [
    'hand-made English (before)',
    () => {
      setDateWords(null);
      for (const iso of ROWS) dayLabel(iso, TODAY);
    },
  ],
  ['Intl, a formatter per call', () => ROWS.map((iso) => new Intl.DateTimeFormat('de', OPTIONS).format(utc(iso)))],
  [
    'Intl, one formatter per locale',
    () =>
      ROWS.map((iso) => {
        let f = kept.get('de');
        if (!f) {
          f = new Intl.DateTimeFormat('de', OPTIONS);
          kept.set('de', f);
        }
        return f.format(utc(iso));
      }),
  ],
  ['format module (shortDate)', () => ROWS.map((iso) => shortDate(iso, TODAY, 'de'))],
];

if (process.argv[2] === '--first') {
  const start = performance.now();
  new Intl.DateTimeFormat(process.argv[3], OPTIONS).format(new Date());
  console.log((performance.now() - start).toFixed(2));
} else {
  console.log(`${machine()}; ${ROWS.length} rows; median / p95 per run`);
  for (const [name, run] of ways) {
    const times = time(run);
    console.log(`${name.padEnd(34)} ${summary(times)}  (${((quantile(times, 0.5) / ROWS.length) * 1000).toFixed(3)} µs a row)`);
  }
  for (const locale of ['en-GB', 'de', 'ja']) {
    const firsts = Array.from({ length: 5 }, () => Number(spawnSync(process.execPath, [...process.execArgv, process.argv[1] as string, '--first', locale], { encoding: 'utf8' }).stdout.trim()));
    console.log(`first formatter, ${locale}: median ${quantile(firsts, 0.5).toFixed(2)} ms of 5 fresh processes`);
  }
}
