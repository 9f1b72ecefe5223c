// The English words quick add understands. Every word the matchers read comes from a table of
// this shape (Words), so another language is another table, not new code. All entries are lower
// case; the input is compared lower-cased.
import type { Priority } from '@/domain/model';

export type Unit = 'day' | 'week' | 'month' | 'year';

export interface Words {
  /** Weekday names that count on their own ("friday"), Monday first (index 0 = Monday). */
  weekdays: readonly string[];
  /**
   * Other spellings → weekday index. They count only after a cue ("on sat", "next fri",
   * "every mon"): on their own they are ordinary words ("Sun cream", "Sat exam", "Wed plans").
   */
  weekdayShort: Readonly<Record<string, number>>;
  /**
   * A full weekday name next to these words is part of a name, not a date: "Good Friday",
   * "Black Friday", "Sunday roast", "Sunday school". Only without a cue ("roast on sunday" is a date).
   */
  weekdayCompounds: { before: readonly string[]; after: readonly string[] };
  /** Month spellings → 1–12. A month name alone is never a date ("Call May", "March on"). */
  months: Readonly<Record<string, number>>;
  today: readonly string[];
  tomorrow: readonly string[];
  /** Words before a date that belong to it and leave the title with it ("on friday", "due dec 24"). */
  dateCues: readonly string[];
  /** Words before a date that make it the deadline (SPEC §14.3: "by friday"); none when left out. */
  deadlineCues?: readonly string[];
  /** "this friday" = "friday". */
  this: readonly string[];
  /** "next friday" (the Friday of next week), "next week", "next month", "next weekend". */
  next: readonly string[];
  /** "in 3 days". */
  in: readonly string[];
  /** "the 24th", "24th of December". */
  the: readonly string[];
  of: readonly string[];
  /** Ordinal endings that may follow a day number: "24th", "1st". */
  ordinals: readonly string[];
  /** "weekend" after this/next: the Saturday. */
  weekend: readonly string[];
  /** Unit words → unit and how many of it ("fortnight" = 2 weeks). */
  units: Readonly<Record<string, { unit: Unit; times: number }>>;
  /** Number words for "in a week", "every two days". */
  numbers: Readonly<Record<string, number>>;
  /**
   * Nouns that make the number before them a count, not a day or an hour: "Call May 4 times",
   * "Table at 9 people".
   */
  counted: readonly string[];
  /** Words before a time that leave the title with it ("at 9", "@ 5pm"). */
  timeCues: readonly string[];
  am: readonly string[];
  pm: readonly string[];
  /** Times said in words → 'HH:MM'. */
  namedTimes: Readonly<Record<string, string>>;
  /** The word after '!' → priority ("!high"). */
  priorities: Readonly<Record<string, Exclude<Priority, 0>>>;
  /** "every", and "other" for "every other week". */
  every: readonly string[];
  other: readonly string[];
  /** Between weekdays in "every mon and thu" (',' and '&' are always allowed). */
  and: readonly string[];
  /** "every weekday" (Monday to Friday) and "every weekend" (Saturday and Sunday). */
  workdays: readonly string[];
  /** Repeat words that stand alone; they count only at the end of the text (see repeats.ts). */
  repeatAdverbs: Readonly<Record<string, { unit: Unit; interval: number }>>;
  /** SPEC §18: the cue before a duration ("for 45m"), and its hour and minute unit words. Optional: a table without them reads no durations. */
  durationCues?: readonly string[];
  hourUnits?: readonly string[];
  minuteUnits?: readonly string[];

  // What other languages need besides the words above (SPEC §20); English leaves them out. Every
  // entry may be a phrase of several words ("antes del", "de la tarde", "d'ici").
  /** More weekday spellings that count on their own: "miercoles" (typed without its accent), "月曜". */
  weekdaysAlone?: Readonly<Record<string, number>>;
  /** Plural weekdays, read only in repeats: "tous les lundis", "todas as sextas" ("pro Domingos" is a name). */
  weekdayPlurals?: Readonly<Record<string, number>>;
  /** The weekend after a date cue is this weekend: "no fim de semana". */
  weekendAfterCue?: boolean;
  /** A joined or spaced ending that makes a short weekday a full one: "sexta-feira", "sexta feira". */
  weekdaySuffixes?: readonly string[];
  /** Today, tomorrow and the like as days from today: "übermorgen" 2, "pasado mañana" 2, "明後日" 2. */
  relativeDays?: Readonly<Record<string, number>>;
  /** today/tomorrow words as nouns, not dates: "Guten Morgen", "por la mañana". */
  relativeCompounds?: { before: readonly string[]; after: readonly string[] };
  /** "next" after the weekday or unit: "vendredi prochain", "el viernes que viene", "semaine prochaine". */
  nextAfter?: readonly string[];
  /** "来週": next week alone, and "来週(の)金曜" its Friday; "来月" the 1st of next month. "今週(の)金曜" is this Friday. */
  nextUnits?: Readonly<Record<string, Unit>>;
  thisUnits?: Readonly<Record<string, Unit>>;
  /** Joins "来週" and a weekday ("来週の金曜"). */
  linkers?: readonly string[];
  /** This weekend and next weekend in one word: "週末", "来週末". */
  weekendAlone?: readonly string[];
  nextWeekendAlone?: readonly string[];
  /** Day and month in digits, in the language's order: "24.12.", "24/12" (dmy), "12/24" (mdy). */
  numericDates?: 'dmy' | 'mdy';
  /** The day number needs no ordinal ending after a cue: "el 24", "le 24", "dia 24". */
  ordinalOptional?: boolean;
  /** Words before a day number that make it a date: "dia 24" (with a cue or a month). */
  dayWords?: readonly string[];
  /** Marks that follow digits: "12月24日", "15日". */
  monthMark?: readonly string[];
  dayMark?: readonly string[];
  /** After a count and unit, "from now": "3日後". */
  inAfter?: readonly string[];
  /** After a date, which makes it the deadline: "金曜まで". */
  deadlineAfter?: readonly string[];
  /** Joined words after a date or time that belong to it: "明日に", "15時から". */
  particles?: readonly string[];
  /** Hour marks after a number: "15h", "15h30", "15 Uhr", "15時"; minutes after them: "30分"; half: "3時半". */
  hourMarks?: readonly string[];
  minuteMarks?: readonly string[];
  halfMarks?: readonly string[];
  /** Morning and afternoon before the hour: "午前10時", "午後3時". */
  amBefore?: readonly string[];
  pmBefore?: readonly string[];
  /** Repeat words that count anywhere, a weekly one followed by its days: "毎日", "毎週月曜". */
  repeatWords?: Readonly<Record<string, { unit: Unit; interval: number }>>;
  /** A weekday as a repeat in one word: "montags". */
  repeatWeekdays?: Readonly<Record<string, number>>;
  /** Durations without a cue: "1時間", "45分間". */
  durationHoursAlone?: readonly string[];
  durationMinutesAlone?: readonly string[];
  /** Words that contain date words but are not dates, for cutting text written without spaces: "明日香", "毎日新聞". */
  names?: readonly string[];
}

/**
 * A language's table with English's: the person's language and English are both read (SPEC §20).
 * Lists are joined, records merged (the language's entries win), English's weekday names join the
 * language's as names that count alone.
 */
export function withEnglish(own: Words): Words {
  const merged = { ...EN } as Record<string, unknown>;
  for (const [key, value] of Object.entries(own)) {
    const base = (EN as unknown as Record<string, unknown>)[key];
    if (key === 'weekdays') continue;
    if (Array.isArray(value)) merged[key] = Array.isArray(base) ? [...new Set([...value, ...base])] : value;
    else if (value && typeof value === 'object' && !Array.isArray(value) && key !== 'weekdayCompounds' && key !== 'relativeCompounds')
      merged[key] = { ...(base as object | undefined), ...value };
    else merged[key] = value;
  }
  merged.weekdayCompounds = {
    before: [...EN.weekdayCompounds.before, ...own.weekdayCompounds.before],
    after: [...EN.weekdayCompounds.after, ...own.weekdayCompounds.after],
  };
  merged.weekdaysAlone = { ...Object.fromEntries(own.weekdays.map((w, i) => [w, i])), ...own.weekdaysAlone };
  return merged as unknown as Words;
}

export const EN: Words = {
  weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  weekdayShort: {
    mon: 0, tue: 1, tues: 1, wed: 2, weds: 2, thu: 3, thur: 3, thurs: 3, fri: 4, sat: 5, sun: 6,
  },
  weekdayCompounds: {
    before: ['good', 'black', 'cyber', 'super', 'easter', 'palm', 'ash', 'holy', 'maundy', 'giving', 'girl', 'man'],
    after: ['roast', 'roasts', 'school', 'paper', 'papers', 'times', 'league', 'best'],
  },
  months: {
    january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5,
    june: 6, jun: 6, july: 7, jul: 7, august: 8, aug: 8, september: 9, sep: 9, sept: 9,
    october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
  },
  today: ['today', 'tonight'],
  tomorrow: ['tomorrow', 'tmrw'],
  dateCues: ['on', 'due'],
  deadlineCues: ['by'],
  this: ['this'],
  next: ['next'],
  in: ['in'],
  the: ['the'],
  of: ['of'],
  ordinals: ['st', 'nd', 'rd', 'th'],
  weekend: ['weekend'],
  units: {
    day: { unit: 'day', times: 1 }, days: { unit: 'day', times: 1 },
    week: { unit: 'week', times: 1 }, weeks: { unit: 'week', times: 1 },
    fortnight: { unit: 'week', times: 2 }, fortnights: { unit: 'week', times: 2 },
    month: { unit: 'month', times: 1 }, months: { unit: 'month', times: 1 },
    year: { unit: 'year', times: 1 }, years: { unit: 'year', times: 1 },
  },
  numbers: {
    a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8,
    nine: 9, ten: 10, eleven: 11, twelve: 12,
  },
  counted: [
    'times', 'x', 'people', 'persons', 'guests', 'hours', 'hrs', 'minutes', 'mins', 'seconds', 'secs',
    'pieces', 'pcs', 'items', 'pages', 'points', 'pts', 'kg', 'km', 'miles', 'steps', 'reps', 'sets',
  ],
  timeCues: ['at', '@'],
  am: ['am', 'a.m.'],
  pm: ['pm', 'p.m.'],
  namedTimes: { noon: '12:00', midday: '12:00' },
  priorities: { low: 1, medium: 2, med: 2, high: 3 },
  every: ['every', 'each'],
  other: ['other'],
  and: ['and'],
  workdays: ['weekday', 'workday'],
  repeatAdverbs: {
    daily: { unit: 'day', interval: 1 },
    weekly: { unit: 'week', interval: 1 },
    fortnightly: { unit: 'week', interval: 2 },
    monthly: { unit: 'month', interval: 1 },
    yearly: { unit: 'year', interval: 1 },
    annually: { unit: 'year', interval: 1 },
  },
  durationCues: ['for'],
  hourUnits: ['h', 'hr', 'hrs', 'hour', 'hours'],
  minuteUnits: ['m', 'min', 'mins', 'minute', 'minutes'],
};
