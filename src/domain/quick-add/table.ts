// A word table made ready for matching (sets, maps and spellings, folded as tokens are: lower
// case, no Latin accents), once per table, plus the context every matcher reads: the table, the
// calendar's "today" and the week's first day.
import type { Unit, Words } from './en';
import { fold, isCjk, type Segmenter, type Spelling, spellings } from './tokens';

export interface Table {
  weekdays: ReadonlyMap<string, number>;
  /** Full names and other spellings: after a cue any of them counts. */
  anyWeekday: ReadonlyMap<string, number>;
  weekdaySuffixes: readonly Spelling[];
  /** Any weekday spelling and the plurals, for repeats. */
  repeatWeekday: ReadonlyMap<string, number>;
  weekendAfterCue: boolean;
  compoundsBefore: ReadonlySet<string>;
  compoundsAfter: readonly Spelling[];
  months: ReadonlyMap<string, number>;
  today: ReadonlySet<string>;
  tomorrow: ReadonlySet<string>;
  relativeDays: readonly (readonly [Spelling, number])[];
  relativeBefore: ReadonlySet<string>;
  relativeAfter: readonly Spelling[];
  dateCues: readonly Spelling[];
  deadlineCues: readonly Spelling[];
  deadlineAfter: readonly Spelling[];
  particles: readonly Spelling[];
  this: ReadonlySet<string>;
  next: ReadonlySet<string>;
  nextAfter: readonly Spelling[];
  nextUnits: ReadonlyMap<string, Unit>;
  thisUnits: ReadonlyMap<string, Unit>;
  linkers: ReadonlySet<string>;
  weekendAlone: ReadonlySet<string>;
  nextWeekendAlone: ReadonlySet<string>;
  in: readonly Spelling[];
  inAfter: readonly Spelling[];
  the: ReadonlySet<string>;
  of: ReadonlySet<string>;
  ordinals: ReadonlySet<string>;
  ordinalOptional: boolean;
  dayWords: ReadonlySet<string>;
  numericDates: 'dmy' | 'mdy' | null;
  monthMark: ReadonlySet<string>;
  dayMark: ReadonlySet<string>;
  weekend: readonly Spelling[];
  units: ReadonlyMap<string, { unit: Unit; times: number }>;
  numbers: ReadonlyMap<string, number>;
  counted: ReadonlySet<string>;
  timeCues: readonly Spelling[];
  am: readonly Spelling[];
  pm: readonly Spelling[];
  amBefore: readonly Spelling[];
  pmBefore: readonly Spelling[];
  hourMarks: ReadonlySet<string>;
  minuteMarks: ReadonlySet<string>;
  halfMarks: ReadonlySet<string>;
  namedTimes: ReadonlyMap<string, string>;
  priorities: ReadonlyMap<string, 1 | 2 | 3>;
  every: readonly Spelling[];
  other: ReadonlySet<string>;
  and: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
  repeatAdverbs: ReadonlyMap<string, { unit: Unit; interval: number }>;
  repeatWords: ReadonlyMap<string, { unit: Unit; interval: number }>;
  repeatWeekdays: ReadonlyMap<string, number>;
  durationCues: readonly Spelling[];
  hourUnits: ReadonlySet<string>;
  minuteUnits: ReadonlySet<string>;
  durationHoursAlone: ReadonlySet<string>;
  durationMinutesAlone: ReadonlySet<string>;
  /** For text without spaces (Japanese): every word of the table written in kanji or kana. */
  segmenter: Segmenter | undefined;
}

export interface Context {
  t: Table;
  /** 'YYYY-MM-DD': every date is read relative to it. */
  today: string;
  /** 0 = Monday … 6 = Sunday: where "next week" begins. */
  weekStart: number;
}

const cache = new WeakMap<Words, Table>();

/** Every string in the table, for the segmenter. */
function allWords(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) allWords(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allWords(v, out);
    }
}

function segmenterOf(w: Words): Segmenter | undefined {
  const words = new Set<string>();
  allWords(w, words);
  const cjk = [...words].filter((word) => [...word].some((ch) => isCjk(ch))).map(fold);
  if (cjk.length === 0) return undefined;
  return { words: new Set(cjk), longest: Math.max(...cjk.map((x) => x.length)) };
}

export function compile(w: Words): Table {
  const hit = cache.get(w);
  if (hit) return hit;
  const segmenter = segmenterOf(w);
  const set = (list: readonly string[] | undefined) => new Set((list ?? []).map(fold));
  const map = <V>(record: Readonly<Record<string, V>> | undefined) => new Map(Object.entries(record ?? {}).map(([k, v]) => [fold(k), v]));
  const spell = (list: readonly string[] | undefined) => spellings(list ?? [], segmenter);
  const weekdays = new Map([...w.weekdays.map((name, i) => [fold(name), i] as const), ...map(w.weekdaysAlone)]);
  const table: Table = {
    weekdays,
    anyWeekday: new Map([...weekdays, ...map(w.weekdayShort)]),
    repeatWeekday: new Map([...weekdays, ...map(w.weekdayShort), ...map(w.weekdayPlurals)]),
    weekendAfterCue: w.weekendAfterCue ?? false,
    weekdaySuffixes: spell(w.weekdaySuffixes),
    compoundsBefore: set(w.weekdayCompounds.before),
    compoundsAfter: spell(w.weekdayCompounds.after),
    months: map(w.months),
    today: set(w.today),
    tomorrow: set(w.tomorrow),
    relativeDays: Object.entries(w.relativeDays ?? {})
      .map(([k, n]) => [spell([k])[0] as Spelling, n] as const)
      .sort((a, b) => b[0].length - a[0].length),
    relativeBefore: set(w.relativeCompounds?.before),
    relativeAfter: spell(w.relativeCompounds?.after),
    dateCues: spell(w.dateCues),
    deadlineCues: spell(w.deadlineCues),
    deadlineAfter: spell(w.deadlineAfter),
    particles: spell(w.particles),
    this: set(w.this),
    next: set(w.next),
    nextAfter: spell(w.nextAfter),
    nextUnits: map(w.nextUnits),
    thisUnits: map(w.thisUnits),
    linkers: set(w.linkers),
    weekendAlone: set(w.weekendAlone),
    nextWeekendAlone: set(w.nextWeekendAlone),
    in: spell(w.in),
    inAfter: spell(w.inAfter),
    the: set(w.the),
    of: set(w.of),
    ordinals: set(w.ordinals),
    ordinalOptional: w.ordinalOptional ?? false,
    dayWords: set(w.dayWords),
    numericDates: w.numericDates ?? null,
    monthMark: set(w.monthMark),
    dayMark: set(w.dayMark),
    weekend: spell(w.weekend),
    units: map(w.units),
    numbers: map(w.numbers),
    counted: set(w.counted),
    timeCues: spell(w.timeCues),
    am: spell(w.am),
    pm: spell(w.pm),
    amBefore: spell(w.amBefore),
    pmBefore: spell(w.pmBefore),
    hourMarks: set(w.hourMarks),
    minuteMarks: set(w.minuteMarks),
    halfMarks: set(w.halfMarks),
    namedTimes: map(w.namedTimes),
    priorities: map(w.priorities),
    every: spell(w.every),
    other: set(w.other),
    and: set(w.and),
    workdays: set(w.workdays),
    repeatAdverbs: map(w.repeatAdverbs),
    repeatWords: map(w.repeatWords),
    repeatWeekdays: map(w.repeatWeekdays),
    durationCues: spell(w.durationCues),
    hourUnits: set(w.hourUnits),
    minuteUnits: set(w.minuteUnits),
    durationHoursAlone: set(w.durationHoursAlone),
    durationMinutesAlone: set(w.durationMinutesAlone),
    segmenter,
  };
  cache.set(w, table);
  return table;
}
