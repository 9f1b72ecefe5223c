// Quick add's parser: time to read one typed line (SPEC §11.2), median / p95 / max over a mixed
// corpus of 1,000 lines (plain titles, dates, times, priorities, lists, repeats, and words that
// must not be read). It runs on every keystroke, so it must stay far under a frame (16 ms); the
// aim is < 0.5 ms. With BENCH_CHRONO=<folder where `npm install chrono-node@2.10.3` ran> the same
// lines go through chrono-node's English parser too (dates and times only), and the phrases that
// must not be dates are shown as each reads them — the comparison behind src/domain/quick-add.
// Each language's table (SPEC §20) is timed the same way over its own corpus (quick-add-languages.ts).
// Run: npx tsx bench/quick-add.ts   (BENCH_CHRONO=/tmp/chrono-eval npx tsx bench/quick-add.ts)
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { personKeys } from '../src/domain/people-keys.ts';
import { parseQuickAdd } from '../src/domain/quick-add/index.ts';
import { CORPORA, corpusOf } from './quick-add-languages.ts';

const TODAY = '2026-11-25';
const LINES = 1_000;
const ROUNDS = 5;
const LISTS = ['Inbox', 'Groceries', 'Home', 'Home projects', 'Work', 'Garden', 'Book club', 'Car'].map((name, i) => ({ id: String(i), name }));

const TITLES = [
  'Buy milk', 'Call the plumber about the boiler', 'Renew the library card', 'Pay rent', 'Email Sam the photos',
  'Book the dentist', 'Water the plants', 'Fix the shelf in the hall', 'Read chapter 3', 'Order 2 printer cartridges',
  'Prepare slides for the quarterly review meeting with the whole team', 'Pick up the parcel', 'Plan the 2026 budget',
];
const ADDITIONS = [
  '', '', '', '', 'tomorrow', 'today', 'friday', 'next friday', 'in 3 days', 'in 2 weeks', 'dec 24', '24 dec',
  'on the 31st', 'at 9', 'at 5pm', 'tomorrow at 9am !high', '17:30', 'noon', '!low', '!medium', '#Groceries',
  '#home projects', 'every day', 'every weekday', 'every mon and thu', 'every 2 weeks', 'every month', 'daily',
  'by friday at 5:30pm #Work !high', 'next week', 'every year on dec 24', '+sam', 'every friday +alex.jones',
];
const MUST_NOT = [
  'Buy 2 milk', 'Call May', 'Room 101', 'Meet at the station', '2 for 1 pizza', 'Fix the 9 to 5 shift',
  'Sunday roast recipe', 'Meet at the 9th', 'Buy sun cream', 'March on', 'Lunch with April', 'Take a 5 minute break',
  'Buy 12/24 eggs', 'Weekly report', 'Call mum at 5',
];

/** Line i: a must-not phrase every 10th line, else a title with an addition before or after it (deterministic). */
function corpus(): string[] {
  return Array.from({ length: LINES }, (_, i) => {
    if (i % 10 === 9) return MUST_NOT[(i / 10) % MUST_NOT.length | 0] as string;
    const title = TITLES[(i * 7) % TITLES.length] as string;
    const extra = ADDITIONS[(i * 13) % ADDITIONS.length] as string;
    if (!extra) return title;
    return i % 3 === 0 ? `${extra} ${title}` : `${title} ${extra}`;
  });
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

/** Each line timed on its own, ROUNDS times after a warm-up round; median / p95 / max per line, and the corpus's total. */
function measure(parse: (line: string) => unknown, lines: readonly string[]) {
  for (const line of lines) parse(line);
  const samples: number[] = [];
  const totals: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round = performance.now();
    for (const line of lines) {
      const start = performance.now();
      parse(line);
      samples.push(performance.now() - start);
    }
    totals.push(performance.now() - round);
  }
  samples.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  return `${ms(quantile(samples, 0.5))} | ${ms(quantile(samples, 0.95))} | ${ms(samples[samples.length - 1] as number)} | ${quantile(totals, 0.5).toFixed(1)} ms`;
}

const lines = corpus();
/** Members of the screen's list (and another's) whom "+name" may name, with the keys the app gives them (display name, first name, e-mail's name). */
const PEOPLE = [
  ['Sam Lee', 'sam'],
  ['Alex', 'alex'],
  ['Alex Jones', 'alex.jones'],
  ['Kim Park', 'kim'],
  ['Pat', 'pat'],
].flatMap(([name, email], i) => [
  { id: `p${i}`, name: name!, listId: '2', keys: personKeys(name!, `${email}@example.test`) },
  { id: `q${i}`, name: name!, listId: '4', keys: personKeys(name!, `${email}@example.test`) },
]);
const ours = (line: string) => parseQuickAdd(line, { today: TODAY, defaultDate: TODAY, lists: LISTS, now: '10:00', people: PEOPLE, listId: '2' });

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`\n${cpus().length} cores, ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log(`${LINES} lines (${lines.filter((l) => ours(l).parts.length > 0).length} with something recognised), ${ROUNDS} rounds after a warm-up\n`);
console.log('| parser | median per line | p95 | max | 1,000 lines |');
console.log('|---|---|---|---|---|');
console.log(`| ours (dates, times, priority, list, repeat) | ${measure(ours, lines)} |`);

// SPEC §20: each language's table with English's, over its own 1,000 lines (Japanese with no
// spaces between a date and the title half of the time).
for (const [language, corpus] of Object.entries(CORPORA)) {
  const { words } = (await import(`../src/domain/quick-add/${language}.ts`)) as { words: import('../src/domain/quick-add/index.ts').Words };
  const own = corpusOf(corpus, LINES, language === 'ja' ? '' : ' ');
  const parse = (line: string) => parseQuickAdd(line, { today: TODAY, defaultDate: TODAY, lists: LISTS, now: '10:00', people: PEOPLE, listId: '2', words });
  const read = own.filter((l) => parse(l).parts.length > 0).length;
  console.log(`| ours, ${language} + English (${read} of ${LINES} lines read) | ${measure(parse, own)} |`);
}

const dir = process.env.BENCH_CHRONO;
if (dir) {
  const chrono = createRequire(join(resolve(dir), 'package.json'))('chrono-node/en') as {
    parse(text: string, ref: Date, option?: { forwardDate?: boolean }): { text: string; index: number; start: { date(): Date } }[];
  };
  const ref = new Date(2026, 10, 25, 10, 0);
  console.log(`| chrono-node 2.10.3, English (dates and times only) | ${measure((line) => chrono.parse(line, ref, { forwardDate: true }), lines)} |`);

  console.log('\nPhrases that must not be read as dates or times, and two that should:\n');
  console.log('| phrase | ours | chrono-node |');
  console.log('|---|---|---|');
  for (const phrase of [...MUST_NOT, 'Sat exam revision', 'Call May 4 times', 'Pay rent tomorrow at 9am']) {
    const r = ours(phrase);
    const mine = r.parts.filter((p) => p.kind === 'date' || p.kind === 'time').map((p) => `“${p.text}” → ${p.value}`);
    const theirs = chrono.parse(phrase, ref, { forwardDate: true }).map((m) => {
      const d = m.start.date();
      const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      return `“${m.text}” → ${iso} ${d.toTimeString().slice(0, 5)}`;
    });
    console.log(`| ${phrase} | ${mine.join(', ') || '—'} | ${theirs.join(', ') || '—'} |`);
  }
}
