// Times of day as the locale writes them (SPEC §20: "12- or 24-hour as the locale has it"), the
// same description the page and the format worker make them from.
import { describe, expect, it } from 'vitest';
import { formatterFor } from '@/ui/format-spec';
import { timeSpan } from '@/ui/format';

describe('a time of day by locale', () => {
  it.each([
    ['en-US', '09:30', '9:30 AM'],
    ['en-US', '00:00', '12:00 AM'],
    ['en-GB', '09:30', '09:30'],
    ['de', '21:05', '21:05'],
    ['fr', '07:00', '07:00'],
    ['pt-BR', '13:45', '13:45'],
    ['ja', '09:30', '9:30'],
  ])('%s writes %s as %s', (locale, hhmm, text) => {
    // Intl may put a narrow no-break space before AM/PM
    expect(formatterFor({ type: 'time', locale })(hhmm).replace(/\u202f/g, ' ')).toBe(text);
  });
});

describe('how long a timed task lasts', () => {
  it('is the start alone without a duration, a span with one, wrapping past midnight', () => {
    const at = (hhmm: string) => formatterFor({ type: 'time' })(hhmm);
    expect(timeSpan('09:00', null)).toBe(at('09:00'));
    expect(timeSpan('09:00', 45)).toBe(`${at('09:00')}–${at('09:45')}`);
    expect(timeSpan('23:30', 60)).toBe(`${at('23:30')}–${at('00:30')}`);
  });
});
