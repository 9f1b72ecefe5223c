// Shared by the recurrence benchmarks: 1,000 repeating tasks of mixed rules, timing helpers and
// the machine line. The mix is what a planner holds: dailies, weekdays, weeklies (some every 2
// weeks on two days), monthlies on a day (incl. the 31st and the last day) or an nth weekday,
// yearlies, and some with COUNT or UNTIL; anchors spread over the past year.
import { cpus, totalmem } from 'node:os';
import { addDays } from '../src/lib/dates.ts';

export const TODAY = '2026-06-15';
export const TASKS = 1_000;

const RULES = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=WEEKLY',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
  'FREQ=MONTHLY;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYMONTHDAY=15',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=MONTHLY;BYDAY=2TU',
  'FREQ=YEARLY',
  'FREQ=DAILY;COUNT=400',
  'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231',
] as const;

export interface BenchTask {
  rule: string;
  anchor: string;
}

/** Task i: rule i mod 13, anchor 0–364 days before TODAY (deterministic). */
export function benchTasks(): BenchTask[] {
  return Array.from({ length: TASKS }, (_, i) => ({
    rule: RULES[i % RULES.length] as string,
    anchor: addDays(TODAY, -((i * 37) % 365)),
  }));
}

/** Runs `fn` `warmup` times unmeasured, then `reps` times; returns the times in ms. */
export function time(fn: () => unknown, reps = 30, warmup = 5): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times;
}

export function quantile(times: readonly number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

export function summary(times: readonly number[]): string {
  return `${quantile(times, 0.5).toFixed(2)} ms / ${quantile(times, 0.95).toFixed(2)} ms`;
}

export function machine(): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} cores (${model}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
