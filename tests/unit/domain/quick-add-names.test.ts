// Quick add's "+<first name>" (SPEC §16), table-driven: a member of the task's list by their whole
// display name, its first word or their e-mail's name, without case or accents; two members who
// share what was typed are neither (the words stay in the title); the suggestions offer members by
// any word of their names.
import { describe, expect, it } from 'vitest';
import { personKeys } from '@/domain/people-keys';
import { parseQuickAdd, type PersonRef, plusQueryAt, suggestPeople } from '@/domain/quick-add';

const person = (id: string, name: string, email: string, listId = 'home'): PersonRef => ({ id, name, listId, keys: personKeys(name, email) });
const PEOPLE: PersonRef[] = [
  person('u-jose', 'José Álvarez', 'jalvarez@example.test'),
  person('u-ann-lee', 'Ann Lee', 'ann.lee@example.test'),
  person('u-ann-kim', 'Ann Kim', 'akim@example.test'),
  person('u-bob', 'bob-57', 'bob-57@example.test'),
  person('u-zoe', 'Zoë', 'zoe@example.test'),
  person('u-mia', 'Mia Wong', 'mia@example.test', 'work'),
];
const parse = (text: string, listId = 'home') => parseQuickAdd(text, { today: '2026-11-25', lists: [{ id: 'work', name: 'Work' }], people: PEOPLE, listId });

describe('+<first name>', () => {
  it.each([
    ['Call +jose', 'u-jose', 'Call'],
    ['Call +José', 'u-jose', 'Call'],
    ['Call +JOSE tomorrow', 'u-jose', 'Call'],
    ['Call +José Álvarez', 'u-jose', 'Call'],
    ['Call +jose alvarez', 'u-jose', 'Call'],
    ['Call +jalvarez', 'u-jose', 'Call'],
    ['Tea +Ann Lee', 'u-ann-lee', 'Tea'],
    ['Tea +ann kim', 'u-ann-kim', 'Tea'],
    ['Tea +ann.lee', 'u-ann-lee', 'Tea'],
    ['Bins +bob-57', 'u-bob', 'Bins'],
    ['Bins +zoe', 'u-zoe', 'Bins'],
    ['Report #Work +mia', 'u-mia', 'Report'],
  ])('%s → %s', (text, assignee, title) => {
    const r = parse(text);
    expect(r.fields.assignee).toBe(assignee);
    expect(r.title).toBe(title);
  });

  it.each([
    ['two members share the first name', 'Tea +ann'],
    ['a name on another list', 'Tea +mia'],
    ['part of a name', 'Tea +jos'],
    ['a name running into a word', 'Tea +josephine'],
  ])('assigns nobody when %s', (_why, text) => {
    const r = parse(text);
    expect(r.fields.assignee).toBeUndefined();
    expect(r.title).toBe(text);
  });
});

describe('"+" suggestions', () => {
  it.each([
    ['Tea +', 5, ['u-ann-kim', 'u-ann-lee', 'u-bob', 'u-jose', 'u-zoe']],
    ['Tea +an', 7, ['u-ann-kim', 'u-ann-lee']],
    ['Tea +ann', 8, ['u-ann-kim', 'u-ann-lee']],
    ['Tea +alv', 8, ['u-jose']],
    ['Tea +zo', 7, ['u-zoe']],
    ['Tea +x', 6, []],
  ])('%s (caret %i) offers %j', (text, caret, ids) => {
    const at = plusQueryAt(text, caret);
    expect(at).not.toBeNull();
    expect(suggestPeople(PEOPLE, at!.query, 'home').map((p) => p.id)).toEqual(ids);
  });

  it('offers no one once the whole name is typed, and only on the list the task goes to', () => {
    expect(suggestPeople(PEOPLE, 'Ann Lee', 'home')).toEqual([]);
    expect(suggestPeople(PEOPLE, 'mi', 'work').map((p) => p.id)).toEqual(['u-mia']);
    expect(plusQueryAt('C++ build', 3)).toBeNull();
  });
});
