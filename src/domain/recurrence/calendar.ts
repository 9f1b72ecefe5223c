// Calendar arithmetic on day numbers (days since 1970-01-01 in the proleptic Gregorian calendar).
// Dates here are calendar dates with no time of day, so there is no time zone and no DST: a day
// is a day. Integers instead of Date objects because expanding a year of occurrences for a
// thousand tasks makes hundreds of thousands of them (bench/recurrence.ts); the conversions are
// Howard Hinnant's days_from_civil / civil_from_days, exact for every Gregorian date.

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

export function dayFromParts(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12; // March = 0, so the leap day ends the year
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function partsFromDay(n: number): Ymd {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 'YYYY-MM-DD' in the app's range (SPEC §5: 1900–2999) → day number, else null. Same answer as
 * validation.ts's isValidIsoDate without building Date objects: expansion checks three dates per
 * task and Upcoming expands every repeating task.
 */
export function dayFromValidIso(iso: string): number | null {
  if (!ISO_DATE.test(iso)) return null;
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return null;
  return dayFromParts(year, month, day);
}

/** 'YYYY-MM-DD' → day number. The caller has validated the text. */
export function dayFromIso(iso: string): number {
  return dayFromParts(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function isoFromDay(n: number): string {
  const { year, month, day } = partsFromDay(n);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** 0 = Monday … 6 = Sunday, the index into WEEKDAYS. 1970-01-01 was a Thursday (3). */
export function weekdayOfDay(n: number): number {
  return (((n + 3) % 7) + 7) % 7;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function monthLength(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] as number);
}

/** Months since year 0 (year * 12 + month - 1), so month steps are plain additions. */
export const monthIndex = (year: number, month: number) => year * 12 + month - 1;
export const yearOfMonthIndex = (index: number) => Math.floor(index / 12);
export const monthOfMonthIndex = (index: number) => (((index % 12) + 12) % 12) + 1;
