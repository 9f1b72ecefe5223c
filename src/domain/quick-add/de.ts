// The German words quick add understands (SPEC §20), read together with English's (withEnglish).
// Shape and rules as en.ts; entries lower case, umlauts typed or not ("nächsten" = "nachsten").
import { EN, type Words, withEnglish } from './en';

const unit = (u: 'day' | 'week' | 'month' | 'year', times = 1) => ({ unit: u, times });

export const DE: Words = {
  weekdays: ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag'],
  weekdayShort: { mo: 0, di: 1, mi: 2, do: 3, fr: 4, sa: 5, so: 6, sonnabend: 5 },
  weekdayCompounds: {
    // "Weißer Sonntag" is a feast; "Freitag der 13." a film as much as a date
    before: ['schwarzer', 'weißer', 'weisser', 'stiller'],
    after: ['der 13', 'for future'],
  },
  months: {
    januar: 1, jan: 1, jänner: 1, februar: 2, feb: 2, märz: 3, maerz: 3, mär: 3, april: 4, apr: 4, mai: 5,
    juni: 6, jun: 6, juli: 7, jul: 7, august: 8, aug: 8, september: 9, sep: 9, sept: 9, oktober: 10, okt: 10,
    november: 11, nov: 11, dezember: 12, dez: 12,
  },
  today: ['heute'],
  tomorrow: ['morgen'],
  relativeDays: { übermorgen: 2, uebermorgen: 2, 'heute morgen': 0, 'heute abend': 0, 'heute nachmittag': 0, 'morgen früh': 1, 'morgen frueh': 1 },
  // "Guten Morgen", "am Morgen", "jeden Morgen": the noun, not tomorrow
  // ("Montag morgen" is Monday morning)
  relativeCompounds: {
    before: ['guten', 'am', 'den', 'jeden', 'diesen', 'der', 'einen', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag'],
    after: [],
  },
  dateCues: ['am', 'an', 'fällig', 'faellig', 'fällig am'],
  deadlineCues: ['bis', 'bis zum', 'bis spätestens', 'bis spaetestens', 'spätestens', 'spaetestens', 'spätestens am'],
  this: ['diesen', 'diese', 'dieses', 'kommenden', 'kommende', 'kommendes'],
  next: ['nächsten', 'nächste', 'nächstes', 'naechsten', 'naechste', 'naechstes'],
  in: ['in'],
  the: [],
  of: [],
  ordinals: ['.'],
  weekend: ['wochenende'],
  units: {
    tag: unit('day'), tage: unit('day'), tagen: unit('day'),
    woche: unit('week'), wochen: unit('week'),
    monat: unit('month'), monate: unit('month'), monaten: unit('month'),
    jahr: unit('year'), jahre: unit('year'), jahren: unit('year'),
  },
  numbers: {
    einem: 1, einer: 1, einen: 1, ein: 1, eine: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, fuenf: 5, sechs: 6,
    sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12,
  },
  counted: [
    'mal', 'leute', 'personen', 'gäste', 'stunden', 'std', 'minuten', 'min', 'sekunden', 'stück', 'stk', 'seiten',
    'punkte', 'euro', 'eur', '€', 'cent', 'prozent', '%', 'ecken', 'kg', 'km', 'flaschen', 'tage',
  ],
  timeCues: ['um', 'ab', 'gegen', 'bis', 'bis spätestens', 'bis spaetestens'],
  am: ['morgens', 'früh', 'vormittags'],
  pm: ['nachmittags', 'abends', 'nachts', 'mittags'],
  namedTimes: { mittags: '12:00' },
  hourMarks: ['uhr'],
  priorities: { niedrig: 1, mittel: 2, hoch: 3 },
  every: ['jeden', 'jede', 'jedes', 'alle'],
  other: ['zweite', 'zweiten'],
  and: ['und'],
  workdays: ['werktag', 'wochentag', 'arbeitstag'],
  repeatAdverbs: {
    täglich: { unit: 'day', interval: 1 },
    taeglich: { unit: 'day', interval: 1 },
    wöchentlich: { unit: 'week', interval: 1 },
    woechentlich: { unit: 'week', interval: 1 },
    zweiwöchentlich: { unit: 'week', interval: 2 },
    monatlich: { unit: 'month', interval: 1 },
    jährlich: { unit: 'year', interval: 1 },
    jaehrlich: { unit: 'year', interval: 1 },
  },
  repeatWeekdays: { montags: 0, dienstags: 1, mittwochs: 2, donnerstags: 3, freitags: 4, samstags: 5, sonntags: 6 },
  numericDates: 'dmy',
  durationCues: ['für', 'fuer'],
  hourUnits: ['h', 'std', 'stunde', 'stunden'],
  minuteUnits: ['m', 'min', 'minute', 'minuten'],
};

/**
 * German and English, as quick add reads them; "am" is German's ("am Freitag"), so English's
 * "3 am" is left out ("um 3 am Freitag" is 15:00 on Friday) and "a.m." kept.
 */
export const words: Words = { ...withEnglish(DE), am: [...DE.am, ...EN.am.filter((w) => w !== 'am')] };
