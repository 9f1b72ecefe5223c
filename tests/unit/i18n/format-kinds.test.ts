// One format per kind of date, time and number (SPEC §20), made by Intl for the language: each
// kind in each language, 12- or 24-hour as the locale has it, and the day names every screen
// takes from '@/lib/dates' following the language as it changes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayLabel, monthLabel } from '@/lib/dates';
import {
  formatDateTime,
  formatNumber,
  formatRelative,
  formatTime,
  type Language,
  longDate,
  monthYear,
  shortDate,
  switchLanguage,
  weekdayName,
} from '@/lib/i18n';
import { absoluteTime, relativeTime } from '@/lib/relative-time';

afterEach(async () => {
  vi.unstubAllGlobals();
  await switchLanguage('en');
});

const TODAY = '2026-11-29';
const NOW = Date.parse('2026-11-29T12:00:00Z');
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString();

/** What each language shows; English with no region writes as Daybook always has (en-GB). */
const EXPECTED: Record<Language, { short: string; shortNextYear: string; long: string; month: string; time: string; evening: string; relative: string; number: string }> = {
  en: { short: 'Fri 4 Dec', shortNextYear: 'Mon, 4 Jan 2027', long: 'Friday 4 December', month: 'December 2026', time: '09:05', evening: '21:30', relative: '5 minutes ago', number: '10,000' },
  de: { short: 'Fr., 4. Dez.', shortNextYear: 'Mo., 4. Jan. 2027', long: 'Freitag, 4. Dezember', month: 'Dezember 2026', time: '09:05', evening: '21:30', relative: 'vor 5 Minuten', number: '10.000' },
  es: { short: 'vie, 4 dic', shortNextYear: 'lun, 4 ene 2027', long: 'viernes, 4 de diciembre', month: 'diciembre de 2026', time: '9:05', evening: '21:30', relative: 'hace 5 minutos', number: '10.000' },
  fr: { short: 'ven. 4 déc.', shortNextYear: 'lun. 4 janv. 2027', long: 'vendredi 4 décembre', month: 'décembre 2026', time: '09:05', evening: '21:30', relative: 'il y a 5 minutes', number: '10\u202f000' },
  'pt-BR': { short: 'sex., 4 de dez.', shortNextYear: 'seg., 4 de jan. de 2027', long: 'sexta-feira, 4 de dezembro', month: 'dezembro de 2026', time: '09:05', evening: '21:30', relative: 'há 5 minutos', number: '10.000' },
  ja: { short: '12月4日(金)', shortNextYear: '2027年1月4日(月)', long: '12月4日金曜日', month: '2026年12月', time: '9:05', evening: '21:30', relative: '5 分前', number: '10,000' },
};

describe('format kinds in each language', () => {
  for (const [language, want] of Object.entries(EXPECTED) as [Language, (typeof EXPECTED)[Language]][]) {
    it(language, async () => {
      await switchLanguage(language);
      expect(shortDate('2026-12-04', TODAY)).toBe(want.short);
      expect(shortDate('2027-01-04', TODAY)).toBe(want.shortNextYear);
      expect(longDate('2026-12-04', TODAY)).toBe(want.long);
      expect(monthYear(2026, 12)).toBe(want.month);
      expect(formatTime('09:05')).toBe(want.time);
      expect(formatTime('21:30')).toBe(want.evening);
      expect(formatRelative(minutesAgo(5), NOW)).toBe(want.relative);
      expect(formatNumber(10_000)).toBe(want.number);
    });
  }

  it('24-hour where the locale is (de, ja, fr, en-GB), 12-hour in en-US, from the browser’s own tag', async () => {
    for (const language of ['de', 'ja', 'fr'] as const) {
      await switchLanguage(language);
      expect(formatTime('21:30'), language).toBe('21:30');
    }
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US', 'en'] });
    await switchLanguage('en');
    expect(formatTime('09:05')).toMatch(/^9:05\sAM$/u);
    expect(formatTime('21:30')).toMatch(/^9:30\sPM$/u);
    expect(shortDate('2026-12-04', TODAY)).toBe('Fri, Dec 4');
    vi.stubGlobal('navigator', { language: 'en-GB', languages: ['en-GB'] });
    expect(formatTime('21:30')).toBe('21:30');
    expect(shortDate('2026-12-04', TODAY)).toBe('Fri 4 Dec');
  });

  it('days and times are not moved by the device’s time zone', async () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Auckland', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        expect(shortDate('2026-12-04', TODAY)).toBe('Fri 4 Dec');
        expect(formatTime('00:15')).toBe('00:15');
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it('weekday names, short and long', async () => {
    await switchLanguage('de');
    expect([weekdayName('2026-12-04'), weekdayName('2026-12-04', 'long')]).toEqual(['Fr', 'Freitag']);
    await switchLanguage('ja');
    expect([weekdayName('2026-12-04'), weekdayName('2026-12-04', 'long')]).toEqual(['金', '金曜日']);
  });

  it('an instant in full, in the device’s zone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(formatDateTime('2026-11-23T14:05:00Z')).toBe('23 Nov 2026, 14:05');
      expect(absoluteTime('2026-11-23T14:05:00Z')).toBe('23 Nov 2026, 14:05');
      await switchLanguage('de');
      expect(absoluteTime('2026-11-23T14:05:00Z')).toBe('23.11.2026, 14:05');
      await switchLanguage('ja');
      expect(absoluteTime('2026-11-23T14:05:00Z')).toBe('2026/11/23 14:05');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('relative times: just now, minutes, yesterday', async () => {
    expect(relativeTime(minutesAgo(0.5), NOW)).toBe('just now');
    expect(relativeTime(minutesAgo(24 * 60), NOW)).toBe('yesterday');
    await switchLanguage('fr');
    expect(relativeTime(minutesAgo(0.5), NOW)).toBe('à l’instant');
    expect(relativeTime(minutesAgo(24 * 60), NOW)).toBe('hier');
    await switchLanguage('es');
    expect(relativeTime(minutesAgo(3 * 60), NOW)).toBe('hace 3 horas');
  });
});

describe('the day names every screen takes from @/lib/dates', () => {
  it('follow the language while the app runs', async () => {
    expect([dayLabel(TODAY, TODAY), dayLabel('2026-11-30', TODAY), dayLabel('2026-11-28', TODAY), dayLabel('2026-12-04', TODAY)]).toEqual([
      'Today',
      'Tomorrow',
      'Yesterday',
      'Fri 4 Dec',
    ]);
    expect(monthLabel(2026, 12)).toBe('December 2026');
    await switchLanguage('de');
    expect([dayLabel(TODAY, TODAY), dayLabel('2026-11-30', TODAY), dayLabel('2026-11-28', TODAY), dayLabel('2026-12-04', TODAY)]).toEqual([
      'Heute',
      'Morgen',
      'Gestern',
      'Fr., 4. Dez.',
    ]);
    await switchLanguage('ja');
    expect([dayLabel(TODAY, TODAY), dayLabel('2026-11-30', TODAY), dayLabel('2026-12-04', TODAY)]).toEqual(['今日', '明日', '12月4日(金)']);
    expect(monthLabel(2026, 12)).toBe('2026年12月');
    await switchLanguage('pt-BR');
    expect(dayLabel('2026-11-30', TODAY)).toBe('Amanhã');
  });

  it('across a month and a year the near days are still named', async () => {
    await switchLanguage('es');
    expect(dayLabel('2027-01-01', '2026-12-31')).toBe('Mañana');
    expect(dayLabel('2026-12-31', '2027-01-01')).toBe('Ayer');
  });
});

describe('the first day of the week', () => {
  it('is the app language’s locale’s unless the person picks one', async () => {
    const { getWeekStart } = await import('@/domain/week-start');
    // an American browser's English starts on Sunday; German, chosen in the same browser, on Monday
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
    expect(getWeekStart()).toBe(7);
    await switchLanguage('de');
    expect(getWeekStart()).toBe(1);
  });
});
