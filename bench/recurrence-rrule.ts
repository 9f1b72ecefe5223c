// Our expander against the rrule library on the same 1,000 tasks (recurrence-common.ts): speed
// of the 14-day window and of a year, and where the two disagree over the year. rrule is not a
// project dependency: install it in a temp folder and point BENCH_RRULE at it.
// Run: (cd /tmp/rrule-eval && npm install rrule@2.8.1); BENCH_RRULE=/tmp/rrule-eval npx tsx bench/recurrence-rrule.ts
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { addDays } from '../src/lib/dates.ts';
import { occurrences, parseRule, type Rule } from '../src/domain/recurrence/index.ts';
import { benchTasks, machine, summary, TASKS, time, TODAY } from './recurrence-common.ts';

interface RRuleInstance {
  between(after: Date, before: Date, inclusive: boolean): Date[];
}
interface RRuleClass {
  new (options: object, noCache?: boolean): RRuleInstance;
  parseString(text: string): object;
}

const dir = process.env.BENCH_RRULE;
if (!dir) throw new Error('Set BENCH_RRULE to a folder where `npm install rrule@2.8.1` ran');
const { RRule } = createRequire(join(resolve(dir), 'package.json'))('rrule') as { RRule: RRuleClass };

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const tasks = benchTasks();
const parse = (text: string): Rule => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rule;
};
const ours = tasks.map((t) => ({ ...t, parsed: parse(t.rule) }));
// noCache: rrule otherwise memoises between() per instance and the repetitions would measure a lookup.
const theirs = tasks.map((t) => ({ ...t, rrule: new RRule({ ...RRule.parseString(t.rule), dtstart: utc(t.anchor) }, true) }));
const windowEnd = addDays(TODAY, 13);
const yearEnd = addDays(TODAY, 364);

let sink = 0;
const oursIn = (to: string) => () => {
  for (const t of ours) sink += occurrences(t.parsed, t.anchor, TODAY, to).length;
};
const theirsIn = (to: string) => () => {
  for (const t of theirs) sink += t.rrule.between(utc(TODAY), utc(to), true).map(iso).length;
};
const theirsParsedIn = (to: string) => () => {
  for (const t of tasks) {
    const r = new RRule({ ...RRule.parseString(t.rule), dtstart: utc(t.anchor) }, true);
    sink += r.between(utc(TODAY), utc(to), true).map(iso).length;
  }
};

console.log(`\n${machine()}; ${TASKS} tasks, today ${TODAY}; median / p95 of 30 runs after 5 warm-up\n`);
console.log('| what | ours | rrule 2.8.1 |');
console.log('|---|---|---|');
console.log(`| 14-day window, rules parsed once | ${summary(time(oursIn(windowEnd)))} | ${summary(time(theirsIn(windowEnd)))} |`);
console.log(`| 14-day window, parse + expand | ${summary(time(() => { for (const t of tasks) sink += occurrences(parse(t.rule), t.anchor, TODAY, windowEnd).length; }))} | ${summary(time(theirsParsedIn(windowEnd)))} |`);
console.log(`| one year, rules parsed once | ${summary(time(oursIn(yearEnd)))} | ${summary(time(theirsIn(yearEnd)))} |`);

// Where they disagree over the coming year, by rule (the same rule always disagrees the same way).
const differ = new Map<string, { tasks: number; example: string }>();
for (let i = 0; i < TASKS; i++) {
  const a = occurrences(ours[i]!.parsed, tasks[i]!.anchor, TODAY, yearEnd);
  const b = theirs[i]!.rrule.between(utc(TODAY), utc(yearEnd), true).map(iso);
  if (a.join() === b.join()) continue;
  const onlyOurs = a.filter((d) => !b.includes(d));
  const onlyTheirs = b.filter((d) => !a.includes(d));
  const entry = differ.get(tasks[i]!.rule) ?? {
    tasks: 0,
    example: `anchor ${tasks[i]!.anchor}: only ours ${onlyOurs.slice(0, 4).join(', ') || '—'}; only rrule ${onlyTheirs.slice(0, 4).join(', ') || '—'}`,
  };
  entry.tasks++;
  differ.set(tasks[i]!.rule, entry);
}
console.log(`\nDisagreements over ${TODAY} … ${yearEnd}:`);
for (const [rule, { tasks: n, example }] of differ) console.log(`- ${rule} (${n} tasks), e.g. ${example}`);
if (differ.size === 0) console.log('- none');
if (sink < 0) console.log(sink);
