// The one text rule (SPEC §12) on the client; the server's twin is held to it by the shared
// mutation cases (tests/shared/mutation-cases/text.ts).
import { describe, expect, it } from 'vitest';
import { codePoints, hasForbiddenCharacter, normalizeNewlines, trimText } from '@/lib/text';
import { normalizeListName, normalizeNotes, normalizeTitle } from '@/domain/validation';

describe('trimming', () => {
  it('removes exactly what String.prototype.trim removes, for every code point of the BMP', () => {
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = `${String.fromCharCode(cp)}x${String.fromCharCode(cp)}`;
      expect(trimText(s), `U+${cp.toString(16)}`).toBe(s.trim());
    }
  });
  it.each([
    ['\u00a0Milk\u00a0', 'Milk'],
    ['\u3000\u2003 Pay rent\t\n', 'Pay rent'],
    ['\ufeffBOM', 'BOM'],
    ['\u200bzero width stays\u200b', '\u200bzero width stays\u200b'],
  ])('%j → %j', (raw, trimmed) => expect(trimText(raw)).toBe(trimmed));
});

describe('counting', () => {
  it.each([
    ['abc', 3],
    ['🍓', 1],
    ['🍓'.repeat(500), 500],
    ['e\u0301', 2], // a combining mark is a code point of its own, as char_length counts it
  ])('%j has %i code points', (s, n) => expect(codePoints(s)).toBe(n));

  it('500 emoji make a valid title; 501 do not', () => {
    expect(normalizeTitle('🍓'.repeat(500))).toBe('🍓'.repeat(500));
    expect(() => normalizeTitle('🍓'.repeat(501))).toThrow('Title must be at most 500 characters');
  });
});

describe('characters that cannot be saved', () => {
  it.each([
    ['a\u0000b', false, true],
    ['tab\tinside', false, true],
    ['tab\tinside', true, false],
    ['line\nbreak', true, false],
    ['bell\u0007', true, true],
    ['NEL\u0085', true, true],
    ['DEL\u007f', false, true],
    ['lone \ud800 high', false, true],
    ['lone \udc00 low', true, true],
    ['pair 🍓 ok', false, false],
  ])('%j (multiline %s) → forbidden %s', (s, multiline, forbidden) => expect(hasForbiddenCharacter(s, multiline)).toBe(forbidden));

  it('messages say so at the field, and notes keep their newlines', () => {
    expect(() => normalizeTitle('a\u0007')).toThrow('Title contains a character that can’t be saved');
    expect(() => normalizeListName('x\ud800')).toThrow('List name contains a character that can’t be saved');
    expect(() => normalizeNotes('x\u0001')).toThrow('Notes contain a character that can’t be saved');
    expect(normalizeNotes('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    expect(normalizeNewlines('a\r\n')).toBe('a\n');
  });
});
