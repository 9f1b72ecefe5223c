// Quick add in German (SPEC §20): a golden table, half as people type, half edge cases.
import { describe, expect, it } from 'vitest';
import { words } from '@/domain/quick-add/de';
import { D, reader, type Seen } from './read';

const read = reader(words);

describe('German, as people type', () => {
  it.each<[string, Seen]>([
    ['Zahnarzt morgen um 15 Uhr', { title: 'Zahnarzt', date: D.tomorrow, time: '15:00' }],
    ['Müll rausbringen heute', { title: 'Müll rausbringen', date: D.today }],
    ['Mama anrufen am Freitag', { title: 'Mama anrufen', date: D.fri }],
    ['Steuererklärung bis Freitag', { title: 'Steuererklärung', deadline: D.fri }],
    ['Sport jeden Montag', { title: 'Sport', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30' }],
    ['Blumen gießen jeden Tag', { title: 'Blumen gießen', repeat: 'FREQ=DAILY @ 2026-11-25' }],
    ['Meeting um 10:30', { title: 'Meeting', date: D.today, time: '10:30' }],
    ['Friseur Samstag 11 Uhr', { title: 'Friseur', date: D.sat, time: '11:00' }],
    ['Geschenk kaufen bis zum 24.12.', { title: 'Geschenk kaufen', deadline: D.dec24 }],
    ['Weihnachtsfeier am 24.12.', { title: 'Weihnachtsfeier', date: D.dec24 }],
    ['Rechnung bezahlen übermorgen', { title: 'Rechnung bezahlen', date: D.after }],
    ['Arzttermin nächsten Freitag um 9', { title: 'Arzttermin', date: D.nextFri, time: '09:00' }],
    ['Auto in die Werkstatt nächste Woche', { title: 'Auto in die Werkstatt', date: D.nextWeek }],
    ['Miete zahlen nächsten Monat !hoch', { title: 'Miete zahlen', date: D.nextMonth, priority: 3 }],
    ['Urlaub buchen in 2 Wochen', { title: 'Urlaub buchen', date: D.in2w }],
    ['Gießen in drei Tagen', { title: 'Gießen', date: D.in3 }],
    ['Yoga montags', { title: 'Yoga', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30' }],
    ['Rasen mähen alle 2 Wochen', { title: 'Rasen mähen', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE @ 2026-11-25' }],
    ['Team-Call morgen um 14 Uhr für 45 Min', { title: 'Team-Call', date: D.tomorrow, time: '14:00', duration: 45 }],
    ['Joggen heute Abend', { title: 'Joggen', date: D.today }],
    ['Brot kaufen morgen früh', { title: 'Brot kaufen', date: D.tomorrow }],
    ['Bericht schreiben !niedrig', { title: 'Bericht schreiben', priority: 1 }],
    ['Milch #groceries morgen', { title: 'Milch', list: 'groceries', date: D.tomorrow }],
    ['Zahnarzt am Montag um 8:15', { title: 'Zahnarzt', date: D.mon, time: '08:15' }],
    ['Geburtstag Oma 24. Dezember', { title: 'Geburtstag Oma', date: D.dec24 }],
    ['Sport jeden Montag und Donnerstag', { title: 'Sport', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH @ 2026-11-26' }],
    ['Wochenbericht wöchentlich', { title: 'Wochenbericht', repeat: 'FREQ=WEEKLY;BYDAY=WE @ 2026-11-25' }],
    ['Tabletten täglich um 8', { title: 'Tabletten', repeat: 'FREQ=DAILY @ 2026-11-25', time: '08:00' }],
    ['Einkaufen diesen Samstag', { title: 'Einkaufen', date: D.sat }],
    ['Call Sam tomorrow at 5pm', { title: 'Call Sam', date: D.tomorrow, time: '17:00' }],
    ['Abgabe bis Freitag um 12 Uhr', { title: 'Abgabe', deadline: D.fri, time: '12:00', date: D.today }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});

describe('German edge cases', () => {
  it.each<[string, Seen]>([
    // word order
    ['Um 15 Uhr morgen Zahnarzt', { title: 'Zahnarzt', date: D.tomorrow, time: '15:00' }],
    ['Morgen: Zahnarzt', { title: 'Zahnarzt', date: D.tomorrow }],
    ['Freitag Präsentation', { title: 'Präsentation', date: D.fri }],
    // next / this
    ['Treffen nächsten Mittwoch', { title: 'Treffen', date: '2026-12-02' }],
    ['Treffen diesen Mittwoch', { title: 'Treffen', date: D.today }],
    ['Treffen kommenden Freitag', { title: 'Treffen', date: D.fri }],
    ['Ausflug nächstes Wochenende', { title: 'Ausflug', date: '2026-12-05' }],
    // dotted dates
    ['Feier 24.12.2026', { title: 'Feier', date: D.dec24 }],
    ['Feier 24.12.27', { title: 'Feier', date: '2027-12-24' }],
    ['Feier am 24.12', { title: 'Feier', date: D.dec24 }],
    ['Termin am 3.', { title: 'Termin', date: '2026-12-03' }],
    ['Feier 31.02.', { title: 'Feier 31.02.' }],
    ['Version 2.1 testen', { title: 'Version 2.1 testen' }],
    ['Preis 3.50 prüfen', { title: 'Preis 3.50 prüfen' }],
    // times
    ['Anruf um 15.30 Uhr', { title: 'Anruf', date: D.today, time: '15:30' }],
    ['Anruf 15:30 Uhr', { title: 'Anruf', date: D.today, time: '15:30' }],
    ['Anruf um 3', { title: 'Anruf', date: D.today, time: '15:00' }],
    ['Anruf um 3 am Freitag', { title: 'Anruf', date: D.fri, time: '15:00' }],
    ['Anruf um 9 am Freitag', { title: 'Anruf', date: D.fri, time: '09:00' }],
    ['Essen mittags', { title: 'Essen', date: D.today, time: '12:00' }],
    // umlauts typed or not
    ['Treffen naechsten Freitag', { title: 'Treffen', date: D.nextFri }],
    ['Treffen uebermorgen', { title: 'Treffen', date: D.after }],
    ['Feier 1. Maerz', { title: 'Feier', date: '2027-03-01' }],
    ['Blumen giessen taeglich', { title: 'Blumen giessen', repeat: 'FREQ=DAILY @ 2026-11-25' }],
    ['TERMIN MORGEN UM 9', { title: 'TERMIN', date: D.tomorrow, time: '09:00' }],
    // durations
    ['Lernen um 16 Uhr für 2 Stunden', { title: 'Lernen', date: D.today, time: '16:00', duration: 120 }],
    ['Lernen für 2 Stunden', { title: 'Lernen für 2 Stunden' }],
    // must-nots: words that only look like dates
    ['Mai Thai Restaurant reservieren', { title: 'Mai Thai Restaurant reservieren' }],
    ['Guten Morgen sagen', { title: 'Guten Morgen sagen' }],
    ['Joggen am Morgen', { title: 'Joggen am Morgen' }],
    ['Um 3 Ecken denken', { title: 'Um 3 Ecken denken' }],
    ['Um 5 Euro wetten', { title: 'Um 5 Euro wetten' }],
    ['Freitag der 13. schauen', { title: 'Freitag der 13. schauen' }],
    ['Sonntagsbraten vorbereiten', { title: 'Sonntagsbraten vorbereiten' }],
    ['Karfreitag Fisch', { title: 'Karfreitag Fisch' }],
    ['Uhr reparieren', { title: 'Uhr reparieren' }],
    ['3 Tage Urlaub planen', { title: '3 Tage Urlaub planen' }],
    ['Bis bald sagen', { title: 'Bis bald sagen' }],
    ['Zimmer 101 putzen', { title: 'Zimmer 101 putzen' }],
    ['Arbeiten bis 17 Uhr', { title: 'Arbeiten', date: D.today, time: '17:00' }],
    ['Essen um 12 Uhr mittags', { title: 'Essen', date: D.today, time: '12:00' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});
