// Quick add's words around the parser: the chips' labels and dismiss names, the '#' suggestions
// and their completion, and another language as nothing but another table.
import { describe, expect, it } from 'vitest';
import {
  completeList,
  EN,
  hashQueryAt,
  keepLabel,
  type ParseOptions,
  parseQuickAdd,
  partLabel,
  suggestLists,
  type Words,
} from '@/domain/quick-add';

const TODAY = '2026-11-25'; // a Wednesday
const LISTS = [
  { id: 'g', name: 'Groceries' },
  { id: 'h', name: 'Home' },
  { id: 'hp', name: 'Home projects' },
  { id: 'hr', name: 'Home repairs' },
];

function labels(text: string, options: Partial<ParseOptions> = {}): string[] {
  const opts = { today: TODAY, lists: LISTS, ...options };
  const r = parseQuickAdd(text, opts);
  return r.parts.map((p) => partLabel(p, r, opts));
}

describe('chip labels', () => {
  it.each<[string, Partial<ParseOptions>, string[]]>([
    ['Pay rent tomorrow at 9am !high', { defaultDate: TODAY }, ['Tomorrow', '09:00', 'High priority']],
    ['Milk #groceries !low', { defaultDate: TODAY }, ['List: Groceries', 'Low priority']],
    ['Party dec 24 !medium', {}, ['Thu 24 Dec', 'Medium priority']],
    ['Party dec 24 2027', {}, ['Fri 24 Dec 2027']],
    ['Bins every monday', { defaultDate: '2026-11-30' }, ['Repeats every week on Monday']],
    ['Bins monday every week', { defaultDate: TODAY }, ['Mon 30 Nov', 'Repeats every week on Monday']],
    // The repeat starts elsewhere than the screen's date: say where.
    ['Bins every monday', { defaultDate: TODAY }, ['Repeats every week on Monday, from Mon 30 Nov']],
    ['Gym every mon and thu', { defaultDate: TODAY }, ['Repeats every week on Monday and Thursday, from tomorrow']],
    ['Water every day', {}, ['Repeats every day, from today']],
    // A time on a screen without a date says which day it brings.
    ['Call at 9', { now: '08:00' }, ['09:00 today']],
    ['Call at 9', { now: '10:00' }, ['09:00 tomorrow']],
    ['Call at 9', { defaultDate: TODAY, now: '10:00' }, ['09:00']],
  ])('%s', (text, options, expected) => expect(labels(text, options)).toEqual(expected));

  it('names each dismiss button after the words it puts back', () => {
    const r = parseQuickAdd('Pay rent tomorrow at 9am', { today: TODAY });
    expect(r.parts.map(keepLabel)).toEqual(['Keep “tomorrow” in the title', 'Keep “at 9am” in the title']);
  });
});

describe('# suggestions', () => {
  it('finds the # being typed before the caret', () => {
    expect(hashQueryAt('Fix shelf #Home pr', 18)).toEqual({ start: 10, query: 'Home pr' });
    expect(hashQueryAt('Fix shelf #', 11)).toEqual({ start: 10, query: '' });
    expect(hashQueryAt('Fix issue#5', 11)).toBeNull();
    expect(hashQueryAt('Fix shelf', 9)).toBeNull();
    expect(hashQueryAt(`#${'x'.repeat(100)}`, 101)).toBeNull();
  });

  it('suggests lists that start with it, in order, an exact name first; none when already complete', () => {
    const names = (q: string) => suggestLists(LISTS, q).map((l) => l.name);
    expect(names('')).toEqual(['Groceries', 'Home', 'Home projects', 'Home repairs']);
    expect(names('home ')).toEqual(['Home projects', 'Home repairs']);
    expect(names('HOME')).toEqual(['Home', 'Home projects', 'Home repairs']);
    expect(names('home p')).toEqual(['Home projects']);
    expect(names('Groceries')).toEqual([]);
    expect(names('x')).toEqual([]);
    expect(suggestLists(LISTS, '', 2)).toHaveLength(2);
  });

  it('completes the name in place of the word being typed, with a space after it', () => {
    const text = 'Fix shelf #Home pr tomorrow';
    const at = hashQueryAt(text, 18);
    expect(at).not.toBeNull();
    expect(completeList(text, at!, 18, 'Home projects')).toEqual({ text: 'Fix shelf #Home projects tomorrow', caret: 25 });
    const end = 'Fix shelf #gro';
    expect(completeList(end, hashQueryAt(end, 14)!, 14, 'Groceries')).toEqual({ text: 'Fix shelf #Groceries ', caret: 21 });
    const mid = 'Fix #gr|oc milk'.replace('|', '');
    expect(completeList(mid, hashQueryAt(mid, 7)!, 7, 'Groceries')).toEqual({ text: 'Fix #Groceries milk', caret: 15 });
  });

  it('a completed name with spaces is then read as the list', () => {
    const r = parseQuickAdd('Fix shelf #Home projects tomorrow', { today: TODAY, lists: LISTS });
    expect(r.fields).toEqual({ list_id: 'hp', due_date: '2026-11-26' });
    expect(r.title).toBe('Fix shelf');
  });
});

describe('another language is another table', () => {
  const DE: Words = {
    ...EN,
    weekdays: ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag'],
    weekdayShort: { mo: 0, di: 1, mi: 2, do: 3, fr: 4, sa: 5, so: 6 },
    weekdayCompounds: { before: [], after: [] },
    months: { januar: 1, februar: 2, märz: 3, april: 4, mai: 5, juni: 6, juli: 7, august: 8, september: 9, oktober: 10, november: 11, dezember: 12, dez: 12 },
    today: ['heute'],
    tomorrow: ['morgen'],
    dateCues: ['am', 'bis'],
    this: ['diesen'],
    next: ['nächsten', 'nächste'],
    in: ['in'],
    units: { tag: { unit: 'day', times: 1 }, tagen: { unit: 'day', times: 1 }, woche: { unit: 'week', times: 1 }, wochen: { unit: 'week', times: 1 } },
    numbers: { einem: 1, einer: 1, zwei: 2, drei: 3 },
    timeCues: ['um'],
    am: [],
    pm: [],
    priorities: { niedrig: 1, mittel: 2, hoch: 3 },
    every: ['jeden', 'jede', 'alle'],
    and: ['und'],
    repeatAdverbs: { täglich: { unit: 'day', interval: 1 } },
  };
  const read = (text: string) => parseQuickAdd(text, { today: TODAY, words: DE });

  it.each<[string, string, object]>([
    ['Miete zahlen morgen um 9 !hoch', 'Miete zahlen', { due_date: '2026-11-26', due_time: '09:00', priority: 3 }],
    ['Müll am freitag', 'Müll', { due_date: '2026-11-27' }],
    ['Müll nächsten freitag', 'Müll', { due_date: '2026-12-04' }],
    ['Feier 24 dezember', 'Feier', { due_date: '2026-12-24' }],
    ['Gießen in drei tagen', 'Gießen', { due_date: '2026-11-28' }],
  ])('%s', (text, title, fields) => {
    const r = read(text);
    expect(r.title).toBe(title);
    expect(r.fields).toEqual(fields);
  });

  it('reads repeats from its own words', () => {
    expect(read('Sport jeden mo und do').fields.repeat?.rule).toMatchObject({ freq: 'WEEKLY', days: ['MO', 'TH'] });
    expect(read('Gießen täglich').fields.repeat?.rule).toMatchObject({ freq: 'DAILY' });
    // English words mean nothing in this table.
    expect(read('Call Sam tomorrow').parts).toEqual([]);
  });
});
