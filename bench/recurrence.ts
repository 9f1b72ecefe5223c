// Expanding repeating tasks: the Upcoming window (today + 13 days) and a full year of
// occurrences for 1,000 repeating tasks of mixed rules (recurrence-common.ts), with the rules
// parsed once (what a cache of parsed rules gives) and parsed on every run, and nextDue for all
// 1,000 (completing every task today). Median / p95 of 30 runs after 5 warm-up, one process.
// Run: npx tsx bench/recurrence.ts
import { addDays } from '../src/lib/dates.ts';
import { nextDue, occurrences, parseRule, type Rule } from '../src/domain/recurrence/index.ts';
import { benchTasks, machine, summary, TASKS, time, TODAY } from './recurrence-common.ts';

const tasks = benchTasks();
const parse = (text: string): Rule => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.rule;
};
const parsed = tasks.map((t) => ({ rule: parse(t.rule), anchor: t.anchor }));
const windowEnd = addDays(TODAY, 13);
const yearEnd = addDays(TODAY, 364);

let sink = 0;
const expandAll = (to: string) => () => {
  for (const t of parsed) sink += occurrences(t.rule, t.anchor, TODAY, to).length;
};
const parseAndExpandAll = (to: string) => () => {
  for (const t of tasks) sink += occurrences(parse(t.rule), t.anchor, TODAY, to).length;
};
const countIn = (to: string) => parsed.reduce((n, t) => n + occurrences(t.rule, t.anchor, TODAY, to).length, 0);

const rows: [string, number[]][] = [
  [`14-day window, ${countIn(windowEnd)} occurrences — rules parsed once`, time(expandAll(windowEnd))],
  ['14-day window — parse + expand', time(parseAndExpandAll(windowEnd))],
  [`one year, ${countIn(yearEnd)} occurrences — rules parsed once`, time(expandAll(yearEnd))],
  ['one year — parse + expand', time(parseAndExpandAll(yearEnd))],
  [
    'nextDue for every task (completed today)',
    time(() => {
      for (const t of parsed) sink += nextDue(t.rule, t.anchor, TODAY, TODAY)?.length ?? 0;
    }),
  ],
];

console.log(`\n${machine()}; ${TASKS} tasks, today ${TODAY}\n`);
console.log('| what (1,000 repeating tasks) | median / p95 |');
console.log('|---|---|');
for (const [what, times] of rows) console.log(`| ${what} | ${summary(times)} |`);
if (sink < 0) console.log(sink); // keeps the work observable
