// Quick add that understands (SPEC §11.2): phrase tables. "Today" is Wednesday 25 November 2026
// unless a row says otherwise; lists "Groceries", "Home" and "Home projects" exist.
import { describe, expect, it } from 'vitest';
import { type ParseOptions, parseQuickAdd, partKey, type QuickAddResult } from '@/domain/quick-add';
import { formatRule } from '@/domain/recurrence';

const TODAY = '2026-11-25'; // a Wednesday
const LISTS = [
  { id: 'groceries', name: 'Groceries' },
  { id: 'home', name: 'Home' },
  { id: 'home-projects', name: 'Home projects' },
];

interface Seen {
  title: string;
  date?: string;
  deadline?: string;
  time?: string;
  priority?: number;
  list?: string;
  repeat?: string;
}

/** The result in short: the title and the fields the parts set, a repeat as "RRULE @ anchor". */
function read(text: string, options: Partial<ParseOptions> = {}): Seen {
  const r: QuickAddResult = parseQuickAdd(text, { today: TODAY, lists: LISTS, ...options });
  const f = r.fields;
  const seen: Seen = { title: r.title };
  if (f.due_date !== undefined) seen.date = f.due_date;
  if (f.deadline !== undefined) seen.deadline = f.deadline;
  if (f.due_time !== undefined) seen.time = f.due_time;
  if (f.priority !== undefined) seen.priority = f.priority;
  if (f.list_id !== undefined) seen.list = f.list_id;
  if (f.repeat !== undefined) seen.repeat = `${formatRule(f.repeat.rule)} @ ${f.repeat.anchor}`;
  return seen;
}

describe('SPEC §14.3: "by …" is the deadline', () => {
  it.each<[string, Seen]>([
    ['Buy tickets by friday', { title: 'Buy tickets', deadline: '2026-11-27' }],
    ['File taxes by dec 24', { title: 'File taxes', deadline: '2026-12-24' }],
    ['File taxes By Dec 24, 2027', { title: 'File taxes', deadline: '2027-12-24' }],
    ['Draft report monday by friday', { title: 'Draft report', date: '2026-11-30', deadline: '2026-11-27' }],
    ['Draft report by friday on monday', { title: 'Draft report', date: '2026-11-30', deadline: '2026-11-27' }],
    ['Renew passport by next month !high', { title: 'Renew passport', deadline: '2026-12-01', priority: 3 }],
    // "by" before something that is not a date stays in the title
    ['Stop by the bakery', { title: 'Stop by the bakery' }],
    ['Walk by sat', { title: 'Walk', deadline: '2026-11-28' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));

  it('gives the deadline a part of its own, with the cue in its span', () => {
    const r = parseQuickAdd('Pay rent by friday', { today: TODAY });
    expect(r.parts).toEqual([{ kind: 'deadline', value: '2026-11-27', start: 9, end: 18, text: 'by friday' }]);
    expect(r.fields).toEqual({ deadline: '2026-11-27' });
  });

  it('dismissed, keeps "by friday" in the title and reads no date inside it', () => {
    const r = parseQuickAdd('Pay by friday', { today: TODAY, dismissed: new Set([partKey({ kind: 'deadline', text: 'by friday' })]) });
    expect(r.title).toBe('Pay by friday');
    expect(r.fields).toEqual({});
  });
});

describe('SPEC §11.2 example', () => {
  it('"Pay rent tomorrow at 9am !high" → "Pay rent", tomorrow 09:00, high, with the spans', () => {
    const r = parseQuickAdd('Pay rent tomorrow at 9am !high', { today: TODAY, defaultDate: TODAY });
    expect(r.title).toBe('Pay rent');
    expect(r.fields).toEqual({ due_date: '2026-11-26', due_time: '09:00', priority: 3 });
    expect(r.parts.map(({ kind, start, end, text }) => [kind, start, end, text])).toEqual([
      ['date', 9, 17, 'tomorrow'],
      ['time', 18, 24, 'at 9am'],
      ['priority', 25, 30, '!high'],
    ]);
  });
});

describe('dates', () => {
  it.each<[string, Seen]>([
    ['Call Sam today', { title: 'Call Sam', date: '2026-11-25' }],
    ['Call Sam tonight', { title: 'Call Sam', date: '2026-11-25' }],
    ['Call Sam tomorrow', { title: 'Call Sam', date: '2026-11-26' }],
    ['tmrw dentist', { title: 'dentist', date: '2026-11-26' }],
    ['Bins friday', { title: 'Bins', date: '2026-11-27' }],
    ['Bins FRIDAY', { title: 'Bins', date: '2026-11-27' }],
    // A weekday typed on that weekday is today ("next wednesday" is next week's).
    ['Bins wednesday', { title: 'Bins', date: '2026-11-25' }],
    ['Bins on wed', { title: 'Bins', date: '2026-11-25' }],
    ['Bins on sat', { title: 'Bins', date: '2026-11-28' }],
    ['Bins this friday', { title: 'Bins', date: '2026-11-27' }],
    // "next <day>": that day in next week (weeks from Monday).
    ['Bins next friday', { title: 'Bins', date: '2026-12-04' }],
    ['Bins next wednesday', { title: 'Bins', date: '2026-12-02' }],
    ['Bins next mon', { title: 'Bins', date: '2026-11-30' }],
    ['Plan next week', { title: 'Plan', date: '2026-11-30' }],
    ['Invoice next month', { title: 'Invoice', date: '2026-12-01' }],
    ['Hike this weekend', { title: 'Hike', date: '2026-11-28' }],
    ['Hike next weekend', { title: 'Hike', date: '2026-12-05' }],
    ['Renew in 3 days', { title: 'Renew', date: '2026-11-28' }],
    ['Renew in a week', { title: 'Renew', date: '2026-12-02' }],
    ['Renew in two weeks', { title: 'Renew', date: '2026-12-09' }],
    ['Renew in a fortnight', { title: 'Renew', date: '2026-12-09' }],
    ['Renew in 2 months', { title: 'Renew', date: '2027-01-25' }],
    ['Renew in 1 year', { title: 'Renew', date: '2027-11-25' }],
    ['Party dec 24', { title: 'Party', date: '2026-12-24' }],
    ['Party 24 dec', { title: 'Party', date: '2026-12-24' }],
    ['Party 24 december', { title: 'Party', date: '2026-12-24' }],
    ['Party December 24th', { title: 'Party', date: '2026-12-24' }],
    ['Party Dec. 24', { title: 'Party', date: '2026-12-24' }],
    ['Party 24th of Dec', { title: 'Party', date: '2026-12-24' }],
    ['Party the 24th of december', { title: 'Party', date: '2026-12-24' }],
    ['Party on dec 24, 2027', { title: 'Party', date: '2027-12-24' }],
    ['Party 24 dec 2027', { title: 'Party', date: '2027-12-24' }],
    ['Party 2026-12-24', { title: 'Party', date: '2026-12-24' }],
    // Month and day without a year: the next one from today on.
    ['Party nov 25', { title: 'Party', date: '2026-11-25' }],
    ['Party nov 24', { title: 'Party', date: '2027-11-24' }],
    ['Leap feb 29', { title: 'Leap', date: '2028-02-29' }],
    ['Party on the 31st', { title: 'Party', date: '2026-12-31' }],
    ['Party on the 25th', { title: 'Party', date: '2026-11-25' }],
    ['Essay due monday', { title: 'Essay', date: '2026-11-30' }],
    ['Call Sam on friday about the car', { title: 'Call Sam about the car', date: '2026-11-27' }],
    ['Sunday lunch with Mum', { title: 'lunch with Mum', date: '2026-11-29' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));

  it.each<[string, string, Seen]>([
    // Year rollover and month ends.
    ['Party dec 24', '2026-12-25', { title: 'Party', date: '2027-12-24' }],
    ['Party jan 2', '2026-12-30', { title: 'Party', date: '2027-01-02' }],
    ['Renew in 1 week', '2026-12-28', { title: 'Renew', date: '2027-01-04' }],
    ['Renew in 3 months', '2026-11-30', { title: 'Renew', date: '2027-02-28' }],
    ['Renew in 1 month', '2028-01-31', { title: 'Renew', date: '2028-02-29' }],
    ['Invoice next month', '2026-12-31', { title: 'Invoice', date: '2027-01-01' }],
    ['Party on the 31st', '2027-02-01', { title: 'Party', date: '2027-03-31' }],
    // Typed on a Saturday and on a Sunday: next week begins on the Monday after.
    ['Bins next friday', '2026-11-28', { title: 'Bins', date: '2026-12-04' }],
    ['Bins next friday', '2026-11-29', { title: 'Bins', date: '2026-12-04' }],
    ['Hike this weekend', '2026-11-29', { title: 'Hike', date: '2026-11-29' }],
  ])('%s, typed on %s', (text, today, seen) => expect(read(text, { today })).toEqual(seen));

  it('takes the week start into account for "next"', () => {
    // Weeks from Sunday: on Sunday 29 Nov "next friday" is in the week of Sunday 6 Dec.
    expect(read('Bins next friday', { today: '2026-11-29', weekStart: 6 })).toEqual({ title: 'Bins', date: '2026-12-11' });
    expect(read('Plan next week', { today: '2026-11-25', weekStart: 6 })).toEqual({ title: 'Plan', date: '2026-11-29' });
  });
});

describe('times', () => {
  it.each<[string, Seen]>([
    ['Call 5pm', { title: 'Call', time: '17:00' }],
    ['Call 5 pm', { title: 'Call', time: '17:00' }],
    ['Call 5:30pm', { title: 'Call', time: '17:30' }],
    ['Call 5.30pm', { title: 'Call', time: '17:30' }],
    ['Call 9 a.m.', { title: 'Call', time: '09:00' }],
    ['Call 12am', { title: 'Call', time: '00:00' }],
    ['Call 12pm', { title: 'Call', time: '12:00' }],
    ['Call 17:30', { title: 'Call', time: '17:30' }],
    ['Call 9:05', { title: 'Call', time: '09:05' }],
    ['Call at 9', { title: 'Call', time: '09:00' }],
    ['Call at 9am', { title: 'Call', time: '09:00' }],
    // An hour 1–6 without am/pm or a leading zero is in the afternoon.
    ['Call mum at 5', { title: 'Call mum', time: '17:00' }],
    ['Call mum at 5.30', { title: 'Call mum', time: '17:30' }],
    ['Call mum at 05', { title: 'Call mum', time: '05:00' }],
    ['Call at 12', { title: 'Call', time: '12:00' }],
    ['Call @7pm', { title: 'Call', time: '19:00' }],
    ['Lunch at noon', { title: 'Lunch', time: '12:00' }],
    ['Lunch midday', { title: 'Lunch', time: '12:00' }],
  ])('%s (on Today)', (text, seen) => expect(read(text, { defaultDate: TODAY })).toEqual(seen));

  it('a time on a screen without a date is today, or tomorrow once it has passed', () => {
    expect(read('Call at 9')).toEqual({ title: 'Call', date: '2026-11-25', time: '09:00' });
    expect(read('Call at 9', { now: '08:59' })).toEqual({ title: 'Call', date: '2026-11-25', time: '09:00' });
    expect(read('Call at 9', { now: '10:15' })).toEqual({ title: 'Call', date: '2026-11-26', time: '09:00' });
    // On a dated screen the screen's date holds, passed or not.
    expect(read('Call at 9', { now: '10:15', defaultDate: TODAY })).toEqual({ title: 'Call', time: '09:00' });
  });
});

describe('priorities and lists', () => {
  it.each<[string, Seen]>([
    ['Fix tap !low', { title: 'Fix tap', priority: 1 }],
    ['Fix tap !medium', { title: 'Fix tap', priority: 2 }],
    ['Fix tap !med', { title: 'Fix tap', priority: 2 }],
    ['!HIGH Fix tap', { title: 'Fix tap', priority: 3 }],
    ['Fix tap !1', { title: 'Fix tap !1' }],
    ['Fix tap !urgent', { title: 'Fix tap !urgent' }],
    ['Hi!high', { title: 'Hi!high' }],
    ['Milk #Groceries', { title: 'Milk', list: 'groceries' }],
    ['#groceries milk', { title: 'milk', list: 'groceries' }],
    ['Fix shelf #home projects tomorrow', { title: 'Fix shelf', list: 'home-projects', date: '2026-11-26' }],
    ['Fix shelf #Home tomorrow', { title: 'Fix shelf', list: 'home', date: '2026-11-26' }],
    ['Essay #Homework', { title: 'Essay #Homework' }],
    ['Fix issue#5', { title: 'Fix issue#5' }],
    ['Fix bug #5', { title: 'Fix bug #5' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});

describe('repeats', () => {
  it.each<[string, Seen]>([
    ['Water plants every day', { title: 'Water plants', repeat: 'FREQ=DAILY @ 2026-11-25', date: '2026-11-25' }],
    ['Water plants daily', { title: 'Water plants', repeat: 'FREQ=DAILY @ 2026-11-25', date: '2026-11-25' }],
    ['Water plants every 3 days', { title: 'Water plants', repeat: 'FREQ=DAILY;INTERVAL=3 @ 2026-11-25', date: '2026-11-25' }],
    ['Standup every weekday', { title: 'Standup', repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR @ 2026-11-25', date: '2026-11-25' }],
    ['Hike every weekend', { title: 'Hike', repeat: 'FREQ=WEEKLY;BYDAY=SA,SU @ 2026-11-28', date: '2026-11-28' }],
    // Starts on the first of its days from the screen's date on.
    ['Bins every monday', { title: 'Bins', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30', date: '2026-11-30' }],
    ['Gym every mon and thu', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH @ 2026-11-26', date: '2026-11-26' }],
    ['Gym every tue & thu', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=TU,TH @ 2026-11-26', date: '2026-11-26' }],
    ['Gym every monday, wednesday and friday', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR @ 2026-11-25', date: '2026-11-25' }],
    ['Review every week', { title: 'Review', repeat: 'FREQ=WEEKLY;BYDAY=WE @ 2026-11-25', date: '2026-11-25' }],
    ['Review every 2 weeks', { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE @ 2026-11-25', date: '2026-11-25' }],
    ['Review every other week', { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE @ 2026-11-25', date: '2026-11-25' }],
    ['Review every fortnight', { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE @ 2026-11-25', date: '2026-11-25' }],
    ['Review fortnightly', { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE @ 2026-11-25', date: '2026-11-25' }],
    ['Review every 2 weeks on mon and thu', { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH @ 2026-11-26', date: '2026-11-26' }],
    ['Pay rent every month', { title: 'Pay rent', repeat: 'FREQ=MONTHLY;BYMONTHDAY=25 @ 2026-11-25', date: '2026-11-25' }],
    ['Pay rent monthly', { title: 'Pay rent', repeat: 'FREQ=MONTHLY;BYMONTHDAY=25 @ 2026-11-25', date: '2026-11-25' }],
    ['Pay rent every month on the 31st', { title: 'Pay rent', repeat: 'FREQ=MONTHLY;BYMONTHDAY=31 @ 2026-12-31', date: '2026-12-31' }],
    ['Tax return every year', { title: 'Tax return', repeat: 'FREQ=YEARLY @ 2026-11-25', date: '2026-11-25' }],
    ['Card every year on dec 24', { title: 'Card', repeat: 'FREQ=YEARLY @ 2026-12-24', date: '2026-12-24' }],
    ['Boiler service annually', { title: 'Boiler service', repeat: 'FREQ=YEARLY @ 2026-11-25', date: '2026-11-25' }],
    ['Take pills daily at 9am', { title: 'Take pills', repeat: 'FREQ=DAILY @ 2026-11-25', date: '2026-11-25', time: '09:00' }],
    ['Standup every weekday at 9:30 #Home', { title: 'Standup', repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR @ 2026-11-25', date: '2026-11-25', time: '09:30', list: 'home' }],
    ['Review friday every week', { title: 'Review', repeat: 'FREQ=WEEKLY;BYDAY=FR @ 2026-11-27', date: '2026-11-27' }],
    ['Water every 100 days', { title: 'Water every 100 days' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));

  it('anchors on the screen\'s date (a day picked on Upcoming)', () => {
    expect(read('Water plants every day', { defaultDate: '2026-12-02' })).toEqual({
      title: 'Water plants',
      repeat: 'FREQ=DAILY @ 2026-12-02',
      date: '2026-12-02',
    });
  });

  it('writes WKST from the week start only where it changes the dates', () => {
    expect(read('Gym every 2 weeks on mon and sun', { weekStart: 6 }).repeat).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU @ 2026-11-29');
    expect(read('Gym every mon and sun', { weekStart: 6 }).repeat).toBe('FREQ=WEEKLY;BYDAY=MO,SU @ 2026-11-29');
  });
});

describe('what is not a date, a time or a repeat', () => {
  it.each([
    'Buy 2 milk',
    'Call May',
    'Room 101',
    'Meet at the station',
    '2 for 1 pizza',
    'Fix the 9 to 5 shift',
    'Sunday roast recipe',
    'Good Friday service',
    'Black Friday deals',
    'Meet at the 9th',
    'Read the 9th chapter',
    'Buy sun cream',
    'Sat exam revision',
    'Wed plans',
    'March on',
    'Lunch with April',
    'Call May 4 times',
    'Table at 9 people',
    'Buy 12/24 eggs',
    '24/7 support rota',
    'Plan the 2026 budget',
    'Take a 5 minute break',
    "monday's meeting notes",
    'Pay £5.30 back',
    'Update to version 2.30',
    'Season 2 episode 4',
    'Weekly report',
    'Daily standup notes',
    'Monthly budget review with Sam',
    'Everything is fine',
    'Every time counts',
    'Watch Catch 22',
    'Feb 30 is not a day',
    'in 3 hours',
    // A range is not read: a task has one time, and half of it would be a guess.
    'Meeting 2pm-4pm',
  ])('%s', (text) => expect(read(text, { defaultDate: TODAY })).toEqual({ title: text }));
});

describe('the title and the parts', () => {
  it.each<[string, string]>([
    ['Pay rent, tomorrow.', 'Pay rent.'],
    ['Pay rent - tomorrow', 'Pay rent'],
    ['Tomorrow: call Sam', 'call Sam'],
    ['Call Sam (tomorrow)', 'Call Sam'],
    ['Call Sam, tomorrow, about the car', 'Call Sam, about the car'],
    ['  Pay  rent tomorrow  at 9  ', 'Pay  rent'],
    ['tomorrow at 9', ''],
  ])('%s → %s', (text, title) => expect(parseQuickAdd(text, { today: TODAY }).title).toBe(title));

  it('reads one part of each kind, the first; a second stays in the title', () => {
    expect(read('Call Sam friday or saturday')).toEqual({ title: 'Call Sam or saturday', date: '2026-11-27' });
    expect(read('Call !low Sam !high')).toEqual({ title: 'Call Sam !high', priority: 1 });
  });

  it('a dismissed part keeps its words, and nothing inside them is read', () => {
    const dismissed = (...keys: string[]) => ({ dismissed: new Set(keys) });
    expect(read('Pay rent tomorrow at 9am', dismissed('date:tomorrow'))).toEqual({ title: 'Pay rent tomorrow', date: TODAY, time: '09:00' });
    expect(read('Pay rent tomorrow at 9am', dismissed('time:at 9am'))).toEqual({ title: 'Pay rent at 9am', date: '2026-11-26' });
    expect(read('Bins every monday', dismissed('repeat:every monday'))).toEqual({ title: 'Bins every monday' });
    // The next candidate of that kind is read instead.
    expect(read('Call Sam friday or saturday', dismissed('date:friday'))).toEqual({ title: 'Call Sam friday or', date: '2026-11-28' });
  });

  it('partKey is the kind and the words in lower case', () => {
    const [part] = parseQuickAdd('Call Sam Tomorrow', { today: TODAY }).parts;
    expect(part && partKey(part)).toBe('date:tomorrow');
  });
});
