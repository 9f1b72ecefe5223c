// Quick add in French (SPEC §20): a golden table, half as people type, half edge cases.
import { describe, expect, it } from 'vitest';
import { words } from '@/domain/quick-add/fr';
import { D, reader, type Seen } from './read';

const read = reader(words);

describe('French, as people type', () => {
  it.each<[string, Seen]>([
    ['Dentiste demain à 15h', { title: 'Dentiste', date: D.tomorrow, time: '15:00' }],
    ['Appeler le dentiste vendredi prochain', { title: 'Appeler le dentiste', date: D.nextFri }],
    ['Yoga tous les lundis', { title: 'Yoga', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30' }],
    ['Rendre le rapport avant vendredi', { title: 'Rendre le rapport', deadline: D.fri }],
    ['Réunion à 9h30', { title: 'Réunion', date: D.today, time: '09:30' }],
    ['RDV coiffeur samedi 11h', { title: 'RDV coiffeur', date: D.sat, time: '11:00' }],
    ["Courses aujourd'hui", { title: 'Courses', date: D.today }],
    ['Payer le loyer après-demain', { title: 'Payer le loyer', date: D.after }],
    ['Dîner chez Paul le 24 décembre', { title: 'Dîner chez Paul', date: D.dec24 }],
    ['Fête du travail le 1er mai', { title: 'Fête du travail', date: '2027-05-01' }],
    ['Vacances dans 3 jours', { title: 'Vacances', date: D.in3 }],
    ['Vaccin dans 2 semaines', { title: 'Vaccin', date: D.in2w }],
    ['Arroser les plantes tous les jours', { title: 'Arroser les plantes', repeat: 'FREQ=DAILY @ 2026-11-25' }],
    ['Sortir les poubelles chaque mardi', { title: 'Sortir les poubelles', repeat: 'FREQ=WEEKLY;BYDAY=TU @ 2026-12-01' }],
    ['Ménage ce week-end', { title: 'Ménage', date: D.sat }],
    ['Réunion la semaine prochaine', { title: 'Réunion', date: D.nextWeek }],
    ['Impôts le mois prochain !haute', { title: 'Impôts', date: D.nextMonth, priority: 3 }],
    ['Point équipe demain à 14h pendant 45 min', { title: 'Point équipe', date: D.tomorrow, time: '14:00', duration: 45 }],
    ['Déjeuner à midi', { title: 'Déjeuner', date: D.today, time: '12:00' }],
    ['Appeler maman ce soir', { title: 'Appeler maman', date: D.today }],
    ['Pain #groceries demain', { title: 'Pain', list: 'groceries', date: D.tomorrow }],
    ['Sport tous les lundis et jeudis', { title: 'Sport', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH @ 2026-11-26' }],
    ['Factures d’ici vendredi', { title: 'Factures', deadline: D.fri }],
    ['Cours de piano mardi à 17h', { title: 'Cours de piano', date: D.tue, time: '17:00' }],
    ['Payer le loyer le 5', { title: 'Payer le loyer', date: '2026-12-05' }],
    ['Anniversaire de Léa 24/12', { title: 'Anniversaire de Léa', date: D.dec24 }],
    ['Relire le contrat !basse', { title: 'Relire le contrat', priority: 1 }],
    ['Réunion mercredi prochain', { title: 'Réunion', date: '2026-12-02' }],
    ['Call Sam tomorrow at 5pm', { title: 'Call Sam', date: D.tomorrow, time: '17:00' }],
    ['Rapport mensuel mensuellement', { title: 'Rapport mensuel', repeat: 'FREQ=MONTHLY;BYMONTHDAY=25 @ 2026-11-25' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});

describe('French edge cases', () => {
  it.each<[string, Seen]>([
    // accents typed or not
    ['Dentiste demain a 15h', { title: 'Dentiste', date: D.tomorrow, time: '15:00' }],
    ['Payer apres-demain', { title: 'Payer', date: D.after }],
    ['Payer apres demain', { title: 'Payer', date: D.after }],
    ['Fête le 15 aout', { title: 'Fête', date: '2027-08-15' }],
    ['Fête le 24 decembre', { title: 'Fête', date: D.dec24 }],
    ['DEMAIN À 9H réunion', { title: 'réunion', date: D.tomorrow, time: '09:00' }],
    // 15h30 and friends
    ['RDV 15h30', { title: 'RDV', date: D.today, time: '15:30' }],
    ['RDV 9h', { title: 'RDV', date: D.today, time: '09:00' }],
    ['RDV à 3h', { title: 'RDV', date: D.today, time: '15:00' }],
    ['RDV 08h15', { title: 'RDV', date: D.today, time: '08:15' }],
    ['RDV à 18:45', { title: 'RDV', date: D.today, time: '18:45' }],
    ['RDV à 8h du soir', { title: 'RDV', date: D.today, time: '20:00' }],
    ['Sport 2h', { title: 'Sport 2h' }],
    // word order
    ['Vendredi prochain appeler le dentiste', { title: 'appeler le dentiste', date: D.nextFri }],
    ['À 15h demain dentiste', { title: 'dentiste', date: D.tomorrow, time: '15:00' }],
    ['Demain : dentiste', { title: 'dentiste', date: D.tomorrow }],
    // next / this
    ['Réunion ce vendredi', { title: 'Réunion', date: D.fri }],
    ['Réunion prochain vendredi', { title: 'Réunion', date: D.nextFri }],
    ['Réunion vendredi suivant', { title: 'Réunion', date: D.nextFri }],
    ['Sortie le week-end prochain', { title: 'Sortie', date: '2026-12-05' }],
    // numeric dates, day first
    ['Fête 24/12/2027', { title: 'Fête', date: '2027-12-24' }],
    ['Fête le 24.12.', { title: 'Fête', date: D.dec24 }],
    ['Fête 31/02', { title: 'Fête 31/02' }],
    // durations
    ['Travail à 9h pendant 1h30', { title: 'Travail', date: D.today, time: '09:00', duration: 90 }],
    ['Lire pendant 45 min', { title: 'Lire pendant 45 min' }],
    // must-nots
    ['Marché de Noël', { title: 'Marché de Noël' }],
    ['Crêpes pour Mardi gras', { title: 'Crêpes pour Mardi gras' }],
    ['Messe du Vendredi saint', { title: 'Messe du Vendredi saint' }],
    ['Regarder Demain nous appartient', { title: 'Regarder Demain nous appartient' }],
    ['On se voit bientôt', { title: 'On se voit bientôt' }],
    ['Acheter 1/2 litre de lait', { title: 'Acheter 1/2 litre de lait' }],
    ['Salle 101 à réserver', { title: 'Salle 101 à réserver' }],
    ['Table à 8 personnes', { title: 'Table à 8 personnes' }],
    ['Appeler Mars Inc', { title: 'Appeler Mars Inc' }],
    ['Avant-première du film', { title: 'Avant-première du film' }],
    ['Courir 10 km', { title: 'Courir 10 km' }],
    ['Lire Le monde de demain', { title: 'Lire Le monde de demain' }],
    ['Léo a 3 ans demain', { title: 'Léo a 3 ans', date: D.tomorrow }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});
