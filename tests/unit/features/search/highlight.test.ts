import { describe, expect, it } from 'vitest';
import { highlightSegments, matchRanges, snippetAround } from '@/features/search/highlight';

describe('highlightSegments', () => {
  it.each([
    ['single match, any case', 'Buy Milk', 'milk', [{ text: 'Buy ', match: false }, { text: 'Milk', match: true }]],
    [
      'every occurrence',
      'tea, TEA and tea',
      'tea',
      [
        { text: 'tea', match: true },
        { text: ', ', match: false },
        { text: 'TEA', match: true },
        { text: ' and ', match: false },
        { text: 'tea', match: true },
      ],
    ],
    ['query trimmed like the search', 'Paint fence', '  fence ', [{ text: 'Paint ', match: false }, { text: 'fence', match: true }]],
    ['no match', 'Paint', 'xyz', [{ text: 'Paint', match: false }]],
    ['empty query', 'Paint', '   ', [{ text: 'Paint', match: false }]],
    ['markup stays text', '<b>bold</b>', 'bold', [{ text: '<b>', match: false }, { text: 'bold', match: true }, { text: '</b>', match: false }]],
    ['emoji before the match', '🎉 Party', 'party', [{ text: '🎉 ', match: false }, { text: 'Party', match: true }]],
  ])('%s', (_label, text, query, expected) => {
    expect(highlightSegments(text, query)).toEqual(expected);
  });

  it('maps back through characters whose lower case is longer', () => {
    // "İ".toLocaleLowerCase() is two code units; the match after it must still land on "Stanbul".
    const text = 'İstanbul trip';
    const segments = highlightSegments(text, 'stanbul');
    expect(segments).toEqual([
      { text: 'İ', match: false },
      { text: 'stanbul', match: true },
      { text: ' trip', match: false },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('never drops or duplicates text', () => {
    const text = 'aaaa';
    expect(matchRanges(text, 'aa')).toEqual([[0, 4]]);
    expect(highlightSegments(text, 'aa').map((s) => s.text).join('')).toBe(text);
  });
});

describe('snippetAround', () => {
  it('returns null without a match', () => {
    expect(snippetAround('nothing here', 'milk')).toBeNull();
  });

  it('keeps short text whole and folds line breaks', () => {
    expect(snippetAround('Call the\nplumber', 'plumber')).toBe('Call the plumber');
  });

  it('cuts long text on word boundaries around the first match', () => {
    const text = `${'word '.repeat(20)}needle ${'tail '.repeat(30)}`.trim();
    const snippet = snippetAround(text, 'needle', 12, 12);
    expect(snippet).toBe('…word word needle tail tail…');
  });
});
