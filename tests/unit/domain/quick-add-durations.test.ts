// Quick add reads how long a timed task takes (SPEC §18): "for 45m", "for 2h", "for 1h30". Words
// that only look like a duration stay in the title.
import { describe, expect, it } from 'vitest';
import { parseQuickAdd, partKey } from '@/domain/quick-add';
import { partLabel } from '@/domain/quick-add/labels';

const TODAY = '2026-11-25';

function read(text: string) {
  const r = parseQuickAdd(text, { today: TODAY, defaultDate: TODAY });
  return { title: r.title, time: r.fields.due_time, minutes: r.fields.duration_min };
}

describe('durations after "for"', () => {
  it.each<[string, string, string | undefined, number | undefined]>([
    ['Dentist at 3pm for 45m', 'Dentist', '15:00', 45],
    ['Dentist at 3pm for 45 min', 'Dentist', '15:00', 45],
    ['Workshop 9:00 for 2h', 'Workshop', '09:00', 120],
    ['Workshop 9:00 for 2 hours', 'Workshop', '09:00', 120],
    ['Run at 7am for 1h30', 'Run', '07:00', 90],
    ['Run at 7am for 1h30m', 'Run', '07:00', 90],
    ['Run at 7am for 1h 30m', 'Run', '07:00', 90],
    ['Run at 7am for 1 hour 30 minutes', 'Run', '07:00', 90],
    ['For 30m at 10:00 stretch', 'stretch', '10:00', 30],
    ['Drive for 8h at 6am', 'Drive', '06:00', 480],
    ['Call at 5pm for 15 mins.', 'Call.', '17:00', 15],
  ])('%s', (text, title, time, minutes) => expect(read(text)).toEqual({ title, time, minutes }));
});

describe('words that only look like a duration stay in the title', () => {
  it.each<[string, string]>([
    // no time on the line: a duration belongs to a time
    ['Run for 30m', 'Run for 30m'],
    // no cue
    ['Charge 2h at 9:00', 'Charge 2h'],
    // not a unit, or no unit
    ['Table for 2 people at 8pm', 'Table for 2 people'],
    ['Dinner for 2 at 8pm', 'Dinner for 2'],
    // out of range: under 15 minutes, over 8 hours
    ['Boil eggs at 8:00 for 5m', 'Boil eggs for 5m'],
    ['Flight at 9:00 for 10h', 'Flight for 10h'],
    // joined to other letters
    ['Meet at 9:00 for 45mins-ish', 'Meet for 45mins-ish'],
    ['Pay for 2hats at 9:00', 'Pay for 2hats'],
  ])('%s', (text, title) => {
    const r = read(text);
    expect(r.title).toBe(title);
    expect(r.minutes).toBeUndefined();
  });

  it('dismissed, keeps "for 45m" in the title', () => {
    const r = parseQuickAdd('Dentist at 3pm for 45m', { today: TODAY, dismissed: new Set([partKey({ kind: 'duration', text: 'for 45m' })]) });
    expect(r.title).toBe('Dentist for 45m');
    expect(r.fields.duration_min).toBeUndefined();
  });

  it('names the chip "For 1 h 30 min"', () => {
    const r = parseQuickAdd('Run at 7am for 1h30', { today: TODAY });
    const part = r.parts.find((p) => p.kind === 'duration');
    expect(part && partLabel(part, r, { today: TODAY })).toBe('For 1 h 30 min');
  });
});
