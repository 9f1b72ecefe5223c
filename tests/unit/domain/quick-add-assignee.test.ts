// Quick add's "+name" (SPEC §13.2): a member of the task's list, by the part of their e-mail
// before @ (case-insensitive), sets the assignee; the list is the screen's or the "#list" typed.
import { describe, expect, it } from 'vitest';
import { parseQuickAdd, type PersonRef } from '@/domain/quick-add';

const TODAY = '2026-11-25';
const LISTS = [
  { id: 'home', name: 'Home' },
  { id: 'work', name: 'Work' },
];
const PEOPLE: PersonRef[] = [
  { id: 'u-bob', name: 'bob', listId: 'home' },
  { id: 'u-bobby', name: 'bob.smith', listId: 'home' },
  { id: 'u-ann', name: 'ann', listId: 'home' },
  { id: 'u-cat', name: 'cat', listId: 'work' },
];
const parse = (text: string, listId: string | null = 'home', dismissed?: Set<string>) =>
  parseQuickAdd(text, { today: TODAY, lists: LISTS, people: PEOPLE, listId, ...(dismissed ? { dismissed } : {}) });

describe('quick add +name', () => {
  it('reads a member of the screen’s list as the assignee and takes the words out of the title', () => {
    const r = parse('Take the bins out +Bob tomorrow');
    expect(r.title).toBe('Take the bins out');
    expect(r.fields).toMatchObject({ assignee: 'u-bob', due_date: '2026-11-26' });
    expect(r.parts.map((p) => [p.kind, p.text])).toEqual([
      ['assignee', '+Bob'],
      ['date', 'tomorrow'],
    ]);
  });

  it('takes the longest name the text goes on with, case-insensitively', () => {
    expect(parse('Call the plumber +BOB.Smith').fields.assignee).toBe('u-bobby');
    expect(parse('Call the plumber +bob.').fields.assignee).toBe('u-bob');
  });

  it('names a member of the "#list" typed, not of the screen’s list', () => {
    expect(parse('Report #Work +cat', 'home').fields).toEqual({ list_id: 'work', assignee: 'u-cat' });
    const r = parse('Report #Work +bob', 'home');
    expect(r.fields.assignee).toBeUndefined();
    expect(r.title).toBe('Report +bob');
  });

  it('keeps a name nobody on the list has, a "+" inside a word, and a list with no people in the title', () => {
    expect(parse('Buy milk +zed').title).toBe('Buy milk +zed');
    expect(parse('Fix C++ build').fields).toEqual({});
    expect(parse('Call 1+bob').fields).toEqual({});
    expect(parse('Buy milk +bobcat').fields).toEqual({});
    expect(parse('Buy milk +bob', null).fields).toEqual({});
  });

  it('reads the first name only, and a dismissed one stays as words', () => {
    const r = parse('Swap shifts +ann +bob');
    expect(r.fields.assignee).toBe('u-ann');
    expect(r.title).toBe('Swap shifts +bob');
    expect(parse('Swap shifts +ann', 'home', new Set(['assignee:+ann'])).fields).toEqual({});
  });
});
