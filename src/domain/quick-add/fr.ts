// The French words quick add understands (SPEC §20), read together with English's (withEnglish).
// Shape and rules as en.ts; entries lower case, accents typed or not ("à" = "a", "août" = "aout").
import { type Words, withEnglish } from './en';

const unit = (u: 'day' | 'week' | 'month' | 'year', times = 1) => ({ unit: u, times });

export const FR: Words = {
  weekdays: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  weekdayShort: {
    lun: 0, mar: 1, mer: 2, jeu: 3, ven: 4, sam: 5, dim: 6,
  },
  weekdayPlurals: { lundis: 0, mardis: 1, mercredis: 2, jeudis: 3, vendredis: 4, samedis: 5, dimanches: 6 },
  weekdayCompounds: {
    // "Mardi gras", "Vendredi saint", "Black Friday" is English's
    before: [],
    after: ['gras', 'saint', 'fou', 'noir'],
  },
  months: {
    janvier: 1, janv: 1, février: 2, fevr: 2, févr: 2, mars: 3, avril: 4, avr: 4, mai: 5, juin: 6,
    juillet: 7, juil: 7, août: 8, septembre: 9, sept: 9, octobre: 10, novembre: 11, décembre: 12, déc: 12,
  },
  today: ['auj', 'aujourdhui'],
  tomorrow: ['demain', 'dem'],
  relativeDays: { "aujourd'hui": 0, 'aujourd’hui': 0, 'ce soir': 0, 'ce matin': 0, 'cet après-midi': 0, 'après-demain': 2, 'apres demain': 2, 'après demain': 2, 'demain matin': 1, 'demain soir': 1 },
  // "Demain nous appartient" is a show; "à demain" a goodbye
  // ("le monde de demain": of tomorrow, a name more than a day)
  relativeCompounds: { before: ['de', 'du'], after: ['nous appartient'] },
  dateCues: ['le', 'pour le', 'pour', 'ce', 'cette', 'la', 'à partir de'],
  deadlineCues: ['avant', 'avant le', "d'ici", "d'ici le", 'd’ici', 'd’ici le', "jusqu'à", "jusqu'au", 'jusqu’à', 'jusqu’au', 'au plus tard', 'au plus tard le'],
  this: ['ce', 'cette'],
  next: ['prochain', 'prochaine'],
  nextAfter: ['prochain', 'prochaine', 'suivant', 'suivante', 'qui vient'],
  in: ['dans'],
  the: [],
  of: [],
  ordinals: ['er', 'e', 'ème'],
  ordinalOptional: true,
  weekend: ['week-end', 'weekend'],
  units: {
    jour: unit('day'), jours: unit('day'),
    semaine: unit('week'), semaines: unit('week'), quinzaine: unit('week', 2),
    mois: unit('month'),
    an: unit('year'), ans: unit('year'), année: unit('year'), années: unit('year'),
  },
  numbers: {
    un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  },
  counted: [
    'fois', 'personnes', 'invités', 'heures', 'minutes', 'min', 'kilos', 'kg', 'km', 'pages', 'euros', '€', '%',
    'places', 'bouteilles', 'litres', 'jours', 'semaines', 'ans', 'mois', 'enfants',
  ],
  timeCues: ['à', 'vers', 'dès', 'pour'],
  am: ['du matin'],
  pm: ["de l'après-midi", 'de l’après-midi', 'du soir'],
  namedTimes: { midi: '12:00' },
  hourMarks: ['h'],
  priorities: { basse: 1, moyenne: 2, haute: 3 },
  every: ['tous les', 'toutes les', 'chaque'],
  other: [],
  and: ['et'],
  workdays: [],
  repeatAdverbs: {
    quotidiennement: { unit: 'day', interval: 1 },
    hebdomadairement: { unit: 'week', interval: 1 },
    mensuellement: { unit: 'month', interval: 1 },
    annuellement: { unit: 'year', interval: 1 },
  },
  numericDates: 'dmy',
  durationCues: ['pendant', 'durant'],
  hourUnits: ['h', 'heure', 'heures'],
  minuteUnits: ['m', 'min', 'minute', 'minutes', 'mn'],
};

/** French and English, as quick add reads them. */
export const words: Words = withEnglish(FR);
