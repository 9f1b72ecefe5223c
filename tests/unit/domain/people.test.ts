// People as the app shows them (SPEC §16): the name (chosen, else the e-mail's local part), its
// initials, the colour fixed by the id, the name as stored, and names folded for matching.
import { describe, expect, it } from 'vitest';
import { LIST_COLORS } from '@/domain/model';
import { defaultPersonColor, emailName, initialsOf, personName } from '@/domain/people';
import { checkProfilePatch, normalizeDisplayName } from '@/domain/people-checks';
import { firstNameKey, foldName } from '@/domain/people-keys';

describe('people', () => {
  it.each([
    ['Ana María Lima', 'AM'],
    ['bob-57f0b', 'B'],
    ['ana.lima', 'A'],
    ['  zoë  ünal ', 'ZÜ'],
    ['李 小龙', '李小'],
    ['😀 Smile', '😀S'],
    ['', ''],
  ])('initials of %j are %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('shows the chosen name, else the part of the e-mail before @', () => {
    expect(personName({ user_id: 'u', email: 'bob-57@example.com', display_name: 'Bob' })).toBe('Bob');
    expect(personName({ user_id: 'u', email: 'bob-57@example.com', display_name: '' })).toBe('bob-57');
    expect(personName({ user_id: 'u', email: 'bob-57@example.com' })).toBe('bob-57');
    expect(emailName('no-at-sign')).toBe('no-at-sign');
  });

  it('fixes a colour by the id, one of the list colours, as the server does (28 bits mod 8)', () => {
    expect(defaultPersonColor('00000000-0000-0000-0000-000000000000')).toBe('grey');
    expect(defaultPersonColor('00000070-0000-0000-0000-000000000000')).toBe(LIST_COLORS[0x0000007 % 8]);
    expect(defaultPersonColor('fffffff0-0000-0000-0000-000000000000')).toBe(LIST_COLORS[0xfffffff % 8]);
  });

  it('stores a name trimmed, empty as none, and refuses one too long or with a control character', () => {
    expect(normalizeDisplayName('  Ana  ')).toBe('Ana');
    expect(normalizeDisplayName(' \u00a0 ')).toBeNull();
    expect(normalizeDisplayName(null)).toBeNull();
    expect(normalizeDisplayName('😀'.repeat(50))).toBe('😀'.repeat(50));
    expect(() => normalizeDisplayName('a'.repeat(51))).toThrow('Name must be at most 50 characters');
    expect(() => normalizeDisplayName('a\u0000b')).toThrow('Name contains a character that can’t be saved');
    expect(() => checkProfilePatch({ week_start: 7 as never })).toThrow('The week starts on a day from 0 (Sunday) to 6 (Saturday)');
    expect(() => checkProfilePatch({ language: 'it' as never })).toThrow('Language must be one of en, de, es, fr, pt-BR, ja');
  });

  it('folds names for matching: no case, no accents; the first word for "+<first name>"', () => {
    expect(foldName('José ÁLVAREZ')).toBe('jose alvarez');
    expect(firstNameKey('  Zoë Ünal')).toBe('zoe');
  });
});
