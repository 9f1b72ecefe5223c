// A word table made ready for matching (sets and maps), once per table, plus the context every
// matcher reads: the table, the calendar's "today" and the week's first day.
import type { Unit, Words } from './en';
import { spellings } from './tokens';

export interface Table {
  weekdays: ReadonlyMap<string, number>;
  /** Full names and other spellings: after a cue any of them counts. */
  anyWeekday: ReadonlyMap<string, number>;
  compoundsBefore: ReadonlySet<string>;
  compoundsAfter: ReadonlySet<string>;
  months: ReadonlyMap<string, number>;
  today: ReadonlySet<string>;
  tomorrow: ReadonlySet<string>;
  dateCues: ReadonlySet<string>;
  deadlineCues: ReadonlySet<string>;
  this: ReadonlySet<string>;
  next: ReadonlySet<string>;
  in: ReadonlySet<string>;
  the: ReadonlySet<string>;
  of: ReadonlySet<string>;
  ordinals: ReadonlySet<string>;
  weekend: ReadonlySet<string>;
  units: ReadonlyMap<string, { unit: Unit; times: number }>;
  numbers: ReadonlyMap<string, number>;
  counted: ReadonlySet<string>;
  timeCues: readonly string[][];
  am: readonly string[][];
  pm: readonly string[][];
  namedTimes: ReadonlyMap<string, string>;
  priorities: ReadonlyMap<string, 1 | 2 | 3>;
  every: ReadonlySet<string>;
  other: ReadonlySet<string>;
  and: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
  repeatAdverbs: ReadonlyMap<string, { unit: Unit; interval: number }>;
  durationCues: ReadonlySet<string>;
  hourUnits: ReadonlySet<string>;
  minuteUnits: ReadonlySet<string>;
}

export interface Context {
  t: Table;
  /** 'YYYY-MM-DD': every date is read relative to it. */
  today: string;
  /** 0 = Monday … 6 = Sunday: where "next week" begins. */
  weekStart: number;
}

const cache = new WeakMap<Words, Table>();

export function compile(w: Words): Table {
  const hit = cache.get(w);
  if (hit) return hit;
  const set = (list: readonly string[]) => new Set(list);
  const map = <V>(record: Readonly<Record<string, V>>) => new Map(Object.entries(record));
  const weekdays = new Map(w.weekdays.map((name, i) => [name, i]));
  const table: Table = {
    weekdays,
    anyWeekday: new Map([...weekdays, ...Object.entries(w.weekdayShort)]),
    compoundsBefore: set(w.weekdayCompounds.before),
    compoundsAfter: set(w.weekdayCompounds.after),
    months: map(w.months),
    today: set(w.today),
    tomorrow: set(w.tomorrow),
    dateCues: set(w.dateCues),
    deadlineCues: set(w.deadlineCues ?? []),
    this: set(w.this),
    next: set(w.next),
    in: set(w.in),
    the: set(w.the),
    of: set(w.of),
    ordinals: set(w.ordinals),
    weekend: set(w.weekend),
    units: map(w.units),
    numbers: map(w.numbers),
    counted: set(w.counted),
    timeCues: spellings(w.timeCues),
    am: spellings(w.am),
    pm: spellings(w.pm),
    namedTimes: map(w.namedTimes),
    priorities: map(w.priorities),
    every: set(w.every),
    other: set(w.other),
    and: set(w.and),
    workdays: set(w.workdays),
    repeatAdverbs: map(w.repeatAdverbs),
    durationCues: set(w.durationCues ?? []),
    hourUnits: set(w.hourUnits ?? []),
    minuteUnits: set(w.minuteUnits ?? []),
  };
  cache.set(w, table);
  return table;
}
