// What people read and hear: the repeat icon's accessible name "Repeats <rule in words>" (SPEC
// §11.1), and the "Repeat" combo box's presets read back from a stored rule.
import { describe, expect, it } from 'vitest';
import {
  describeRule,
  EN,
  formatRule,
  localeWeekStart,
  nextDue,
  PRESETS,
  parseRule,
  type Phrases,
  presetOf,
  presetRule,
  type Rule,
  repeatLabel,
  withWeekStart,
} from '@/domain/recurrence';

function rule(text: string): Rule {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.rule;
}

describe('describeRule', () => {
  // [rule, anchor, words]
  it.each([
    ['FREQ=DAILY', '2026-01-14', 'every day'],
    ['FREQ=DAILY;INTERVAL=2', '2026-01-14', 'every 2 days'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-14', 'every weekday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR', '2026-01-14', 'every 2 weeks on weekdays'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', '2026-01-14', 'every day'],
    ['FREQ=WEEKLY;BYDAY=MO', '2026-01-12', 'every week on Monday'],
    ['FREQ=WEEKLY', '2026-01-14', 'every week on Wednesday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', '2026-01-06', 'every 2 weeks on Tuesday and Thursday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', '2026-01-12', 'every week on Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU', '2026-01-04', 'every 2 weeks on Monday and Sunday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU', '2026-01-04', 'every 2 weeks on Sunday and Monday'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', 'every month on the 31st'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', '2026-01-01', 'every month on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=2', '2026-01-02', 'every month on the 2nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=3', '2026-01-03', 'every month on the 3rd'],
    ['FREQ=MONTHLY;BYMONTHDAY=11', '2026-01-11', 'every month on the 11th'],
    ['FREQ=MONTHLY;BYMONTHDAY=12', '2026-01-12', 'every month on the 12th'],
    ['FREQ=MONTHLY;BYMONTHDAY=13', '2026-01-13', 'every month on the 13th'],
    ['FREQ=MONTHLY;BYMONTHDAY=22', '2026-01-22', 'every month on the 22nd'],
    ['FREQ=MONTHLY', '2026-01-15', 'every month on the 15th'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', '2026-01-15', 'every 3 months on the 15th'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', 'every month on the last day'],
    ['FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', 'every month on the last Friday'],
    ['FREQ=MONTHLY;BYDAY=2TU', '2026-01-13', 'every month on the second Tuesday'],
    ['FREQ=MONTHLY;BYDAY=1MO', '2026-01-05', 'every month on the first Monday'],
    ['FREQ=YEARLY', '2025-12-24', 'every year on 24 December'],
    ['FREQ=YEARLY;INTERVAL=2', '2024-02-29', 'every 2 years on 29 February'],
    ['FREQ=DAILY;COUNT=5', '2026-01-14', 'every day, 5 times'],
    ['FREQ=WEEKLY;BYDAY=MO;COUNT=1', '2026-01-12', 'every week on Monday, once'],
    ['FREQ=DAILY;UNTIL=20261231', '2026-01-14', 'every day, until 31 Dec 2026'],
    ['FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270105', '2026-01-30', 'every month on the last Friday, until 5 Jan 2027'],
  ])('%s from %s → "%s"', (text, anchor, words) => {
    expect(describeRule(rule(text), anchor)).toBe(words);
  });

  it('another language is another table of the same shape', () => {
    const DE: Phrases = {
      ...EN,
      every: (unit, n) => {
        const names = { day: ['Tag', 'Tage'], week: ['Woche', 'Wochen'], month: ['Monat', 'Monate'], year: ['Jahr', 'Jahre'] };
        return n === 1 ? `jede(n) ${names[unit][0]}` : `alle ${n} ${names[unit][1]}`;
      },
      dayNames: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
      list: (items) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items.at(-1)}`),
      on: (every, day) => `${every} am ${day}`,
      repeats: (words) => `Wiederholt sich ${words}`,
    };
    expect(repeatLabel(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH'), '2026-01-06', DE)).toBe(
      'Wiederholt sich alle 2 Wochen am Dienstag und Donnerstag',
    );
  });

  it('a regional English tag, or a language without a table yet, reads English', () => {
    expect(describeRule(rule('FREQ=DAILY'), '2026-01-14', 'en-GB')).toBe('every day');
    expect(describeRule(rule('FREQ=DAILY'), '2026-01-14', 'it')).toBe('every day');
  });

  it.each([
    ['de', 'FREQ=MONTHLY;BYDAY=2TU', 'jeden Monat am zweiten Dienstag'],
    ['de', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR', 'alle 2 Wochen an Werktagen'],
    ['de', 'FREQ=DAILY;COUNT=5', 'jeden Tag, 5-mal'],
    ['es', 'FREQ=WEEKLY;BYDAY=TU,TH', 'cada semana el martes y jueves'],
    ['es', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'cada mes el último día'],
    ['fr', 'FREQ=YEARLY', 'tous les ans le 24 décembre'],
    ['fr', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'toutes les 2 semaines le lundi'],
    ['pt-BR', 'FREQ=MONTHLY;BYDAY=-1SU', 'todo mês no último domingo'],
    ['pt-BR', 'FREQ=MONTHLY;BYDAY=1FR', 'todo mês na primeira sexta-feira'],
    ['pt-BR', 'FREQ=DAILY;UNTIL=20261231', 'todo dia, até 31 de dez. de 2026'],
    ['ja', 'FREQ=WEEKLY;BYDAY=MO,WE', '毎週月曜日・水曜日'],
    ['ja', 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', '3か月ごとの15日'],
    ['ja', 'FREQ=YEARLY;COUNT=3', '毎年12月24日、3回'],
  ])('in %s, %s reads “%s”', (language, text, words) => {
    expect(describeRule(rule(text), '2026-12-24', language)).toBe(words);
  });
});

describe('repeatLabel, the repeat icon\'s accessible name', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', '2026-01-12', 'Repeats every week on Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-12', 'Repeats every weekday'],
    ['FREQ=MONTHLY;BYDAY=-1FR;COUNT=6', '2026-01-30', 'Repeats every month on the last Friday, 6 times'],
  ])('%s', (text, anchor, label) => {
    expect(repeatLabel(rule(text), anchor)).toBe(label);
  });
});

describe('the "Repeat" combo box', () => {
  it('offers SPEC\'s options in order', () => {
    expect(PRESETS.map((p) => p.label)).toEqual(['Never', 'Daily', 'Weekdays', 'Weekly', 'Monthly', 'Yearly', 'Custom…']);
  });

  // Anchor Wednesday 14 Jan 2026.
  it.each([
    ['daily', 'FREQ=DAILY'],
    ['weekdays', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['weekly', 'FREQ=WEEKLY;BYDAY=WE'],
    ['monthly', 'FREQ=MONTHLY;BYMONTHDAY=14'],
    ['yearly', 'FREQ=YEARLY'],
    ['custom', 'FREQ=WEEKLY;BYDAY=WE'],
  ] as const)('preset %s from the anchor → %s', (preset, text) => {
    expect(formatRule(presetRule(preset, '2026-01-14'))).toBe(text);
  });

  it('"Never" is no rule', () => {
    expect(presetRule('never', '2026-01-14')).toBeNull();
    expect(presetOf(null, '2026-01-14')).toBe('never');
  });

  it('Monthly from the 31st keeps the 31st, on the last day of shorter months', () => {
    const monthly = presetRule('monthly', '2026-01-31');
    expect(formatRule(monthly)).toBe('FREQ=MONTHLY;BYMONTHDAY=31');
    expect(nextDue(monthly, '2026-01-31', '2026-01-31', '2026-01-31')).toBe('2026-02-28');
  });

  it('Yearly from 29 Feb falls on 28 Feb next year', () => {
    expect(nextDue(presetRule('yearly', '2024-02-29'), '2024-02-29', '2024-02-29', '2024-02-29')).toBe('2025-02-28');
  });

  it.each(['daily', 'weekdays', 'weekly', 'monthly', 'yearly'] as const)('a stored %s rule reads back as %s', (preset) => {
    const stored = rule(formatRule(presetRule(preset, '2026-01-14')));
    expect(presetOf(stored, '2026-01-14')).toBe(preset);
  });

  // [rule, anchor, preset]
  it.each([
    ['FREQ=WEEKLY', '2026-01-14', 'weekly'],
    ['FREQ=WEEKLY;BYDAY=TH', '2026-01-14', 'custom'],
    ['FREQ=WEEKLY;BYDAY=MO,WE', '2026-01-14', 'custom'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=10', '2026-01-14', 'custom'],
    ['FREQ=DAILY;INTERVAL=2', '2026-01-14', 'custom'],
    ['FREQ=DAILY;UNTIL=20261231', '2026-01-14', 'custom'],
    ['FREQ=MONTHLY', '2026-01-31', 'monthly'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', 'monthly'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', 'custom'],
    ['FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', 'custom'],
    ['FREQ=YEARLY;INTERVAL=2', '2026-01-14', 'custom'],
  ])('%s from %s is %s', (text, anchor, preset) => {
    expect(presetOf(rule(text), anchor)).toBe(preset);
  });
});

describe('week start when making a rule', () => {
  it('is written only where it changes the dates', () => {
    const fortnightly = rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO');
    expect(formatRule(withWeekStart(fortnightly, 'SU'))).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU');
    expect(formatRule(withWeekStart(rule('FREQ=WEEKLY;BYDAY=SU,MO'), 'SU'))).toBe('FREQ=WEEKLY;BYDAY=MO,SU');
    expect(formatRule(withWeekStart(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU'), 'SU'))).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU');
    expect(formatRule(withWeekStart(rule('FREQ=DAILY'), 'SU'))).toBe('FREQ=DAILY');
  });

  it.each([
    ['en-US', 'SU'],
    ['en-GB', 'MO'],
    ['de', 'MO'],
    ['ar-EG', 'SA'],
    ['', 'MO'],
  ])('the locale %j starts the week on %s', (locale, day) => {
    expect(localeWeekStart(locale)).toBe(day);
  });
});
