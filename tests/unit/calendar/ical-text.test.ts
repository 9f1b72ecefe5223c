// The feed writer's text rules (RFC 5545 §3.1, §3.3.11), and the app's copy of the writer: the
// app (src/domain/ical) and the Edge Function (supabase/functions/_shared/calendar) must write
// the same bytes, and a deployed function may import nothing outside supabase/functions, so the
// app keeps a copy this test holds to the source.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from '../../../supabase/functions/_shared/calendar/ical-text.ts';

const FILES = ['calendar-words.ts', 'ical-text.ts', 'ical-zone.ts', 'ical-rrule.ts', 'ical-writer.ts'];

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and every newline in TEXT', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets, never inside a character, each line ending CRLF', () => {
    const line = `SUMMARY:${'é'.repeat(50)}${'日本語'.repeat(20)}`;
    const folded = foldLine(line);
    expect(folded.endsWith('\r\n')).toBe(true);
    const parts = folded.slice(0, -2).split('\r\n');
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x\r\n');
  });
});

describe("the app's copy of the writer", () => {
  it.each(FILES)('src/domain/ical/%s is supabase/functions/_shared/calendar/%s', (file) => {
    const source = readFileSync(`supabase/functions/_shared/calendar/${file}`, 'utf8');
    const copy = readFileSync(`src/domain/ical/${file}`, 'utf8');
    expect(copy, `copy it again: cp supabase/functions/_shared/calendar/${file} src/domain/ical/`).toBe(source);
  });
});
