// Upcoming's repeats: laterOccurrences for 1,000 repeating tasks of mixed rules
// (recurrence-common.ts) over the 14-day window and over a 6-week calendar grid — cold (a window
// not seen before: parse memo warm, expansion memo missed, as on a new day or month) and memoised
// (the same window again, as on every re-render after an unrelated write). Median / p95 of 30 runs
// after 5 warm-up, one process. Run: npx tsx bench/upcoming-repeats.ts
import { addDays } from '../src/lib/dates.ts';
import { laterOccurrences } from '../src/domain/recurrence/index.ts';
import { benchTasks, machine, summary, TASKS, time, TODAY } from './recurrence-common.ts';

const tasks = benchTasks().map((t) => ({ done: false, due_date: t.anchor, repeat: t.rule, repeat_anchor: t.anchor }));
let sink = 0;
let shift = 0;
const all = (days: number, cold: boolean) => () => {
  // A cold run looks at a window no run has asked for (a later today), so nothing is memoised.
  const today = cold ? addDays(TODAY, ++shift) : TODAY;
  const to = addDays(today, days - 1);
  for (const t of tasks) sink += laterOccurrences(t, today, to, today).length;
};

const rows: [string, number[]][] = [
  ['14 days, cold', time(all(14, true))],
  ['14 days, memoised', time(all(14, false))],
  ['42-day calendar grid, cold', time(all(42, true))],
  ['42-day calendar grid, memoised', time(all(42, false))],
];
console.log(`laterOccurrences for ${TASKS} repeating tasks (median / p95) — ${machine()}`);
for (const [name, times] of rows) console.log(`  ${name}: ${summary(times)}`);
if (sink < 0) console.log(sink);
