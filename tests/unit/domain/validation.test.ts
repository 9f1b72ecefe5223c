import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import {
  checkColor,
  checkDueDate,
  checkDueTime,
  checkPriority,
  isValidIsoDate,
  normalizeListName,
  normalizeNotes,
  normalizeTitle,
  validateListDraft,
  validateTaskDraft,
  validateTaskPatch,
} from '@/domain/validation';

function refusal(fn: () => unknown): { field: string; message: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    const { field, message } = err as ValidationError;
    return { field, message };
  }
  throw new Error('expected a ValidationError');
}

describe('SPEC §5 messages', () => {
  it.each([
    ['empty title', () => normalizeTitle(''), 'title', 'Title is required'],
    ['blank title', () => normalizeTitle('   \n\t'), 'title', 'Title is required'],
    ['missing title', () => validateTaskDraft({}), 'title', 'Title is required'],
    ['501-char title', () => normalizeTitle('x'.repeat(501)), 'title', 'Title must be at most 500 characters'],
    ['10,001-char notes', () => normalizeNotes('n'.repeat(10_001)), 'notes', 'Notes must be at most 10,000 characters'],
    ['empty list name', () => normalizeListName(' '), 'name', 'List name is required'],
    ['81-char list name', () => normalizeListName('L'.repeat(81)), 'name', 'List name must be at most 80 characters'],
    ['year 1899', () => checkDueDate('1899-12-31'), 'due_date', 'Pick a date between 1900 and 2999'],
    ['year 3000', () => checkDueDate('3000-01-01'), 'due_date', 'Pick a date between 1900 and 2999'],
    ['30 February', () => checkDueDate('2025-02-30'), 'due_date', 'Pick a date between 1900 and 2999'],
    ['29 February of a common year', () => checkDueDate('2023-02-29'), 'due_date', 'Pick a date between 1900 and 2999'],
    ['month 13', () => checkDueDate('2025-13-01'), 'due_date', 'Pick a date between 1900 and 2999'],
    ['not a date', () => checkDueDate('tomorrow'), 'due_date', 'Pick a date between 1900 and 2999'],
    [
      'time without date',
      () => validateTaskDraft({ title: 'a', due_time: '09:00' }),
      'due_time',
      'Set a date before setting a time',
    ],
    ['priority 4', () => checkPriority(4), 'priority', 'Priority must be none, low, medium or high'],
    ['priority "high"', () => checkPriority('high'), 'priority', 'Priority must be none, low, medium or high'],
  ])('%s', (_name, fn, field, message) => {
    expect(refusal(fn)).toEqual({ field, message });
  });
});

describe('accepted values', () => {
  it('trims titles and list names, keeps notes as typed', () => {
    expect(normalizeTitle('  Buy milk  ')).toBe('Buy milk');
    expect(normalizeTitle(`  ${'x'.repeat(500)}  `)).toHaveLength(500);
    expect(normalizeListName('  Home ')).toBe('Home');
    expect(normalizeListName('L'.repeat(80))).toHaveLength(80);
    expect(normalizeNotes('  line\n')).toBe('  line\n');
    expect(normalizeNotes('n'.repeat(10_000))).toHaveLength(10_000);
    expect(normalizeNotes(undefined)).toBe('');
  });

  it('accepts real dates at the range ends and leap days', () => {
    for (const d of ['1900-01-01', '2999-12-31', '2024-02-29', '2000-02-29']) expect(isValidIsoDate(d)).toBe(true);
    expect(isValidIsoDate('1900-02-29')).toBe(false); // 1900 was not a leap year
  });

  it('checks due times as HH:MM from 00:00 to 23:59', () => {
    expect(checkDueTime('00:00')).toBe('00:00');
    expect(checkDueTime('23:59')).toBe('23:59');
    expect(checkDueTime(null)).toBeNull();
    for (const bad of ['24:00', '9:00', '12:60', '12:00:00']) {
      expect(refusal(() => checkDueTime(bad)).field).toBe('due_time');
    }
  });

  it('accepts only the eight list colours', () => {
    expect(checkColor('teal')).toBe('teal');
    expect(refusal(() => checkColor('pink')).field).toBe('color');
    expect(validateListDraft({ name: 'X' })).toEqual({ name: 'X', color: 'grey' });
  });

  it('normalises a full task draft', () => {
    expect(validateTaskDraft({ title: ' T ', due_date: '2025-03-01', due_time: '07:30', priority: 2 })).toEqual({
      title: 'T',
      notes: '',
      due_date: '2025-03-01',
      due_time: '07:30',
      priority: 2,
      repeat: null,
      repeat_anchor: null,
      deadline: null,
      steps_start_over: true,
    });
  });

  it('keeps a deadline apart from the due date, and refuses one that is no date (SPEC §14.3)', () => {
    expect(validateTaskDraft({ title: 'T', deadline: '2025-03-09', steps_start_over: false })).toMatchObject({ due_date: null, deadline: '2025-03-09', steps_start_over: false });
    expect(() => validateTaskDraft({ title: 'T', deadline: '2025-02-30' })).toThrow('Pick a date between 1900 and 2999');
    expect(() => validateTaskPatch({ due_date: null, due_time: null }, { deadline: '3000-01-01' })).toThrow('Pick a date between 1900 and 2999');
    expect(validateTaskPatch({ due_date: null, due_time: null }, { deadline: null })).toEqual({ deadline: null });
  });
});

describe('validateTaskPatch', () => {
  const dated = { due_date: '2025-05-05', due_time: '10:00' };
  it('keeps only the fields given, normalised', () => {
    expect(validateTaskPatch(dated, { title: '  New ' })).toEqual({ title: 'New' });
  });
  it('clears the time when the date is cleared', () => {
    expect(validateTaskPatch(dated, { due_date: null })).toEqual({ due_date: null, due_time: null });
  });
  it('refuses a time on a task without a date', () => {
    expect(refusal(() => validateTaskPatch({ due_date: null, due_time: null }, { due_time: '08:00' }))).toEqual({
      field: 'due_time',
      message: 'Set a date before setting a time',
    });
  });
  it('refuses a bad title in a patch', () => {
    expect(refusal(() => validateTaskPatch(dated, { title: '' })).message).toBe('Title is required');
  });
});
