// The Spanish words quick add understands (SPEC §20), read together with English's (withEnglish).
// Shape and rules as en.ts; entries lower case, accents typed or not ("mañana" = "manana").
import { type Words, withEnglish } from './en';

const unit = (u: 'day' | 'week' | 'month' | 'year', times = 1) => ({ unit: u, times });

export const ES: Words = {
  weekdays: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  weekdayShort: { lun: 0, mar: 1, mié: 2, mie: 2, jue: 3, vie: 4, sáb: 5, sab: 5, dom: 6 },
  weekdayPlurals: { sábados: 5, domingos: 6 },
  weekendAfterCue: true,
  weekdayCompounds: {
    // "Santo Domingo", "Lunes bar" (a name), "Viernes Santo", "Domingo de Ramos", "Martes 13"
    before: ['santo', 'a'],
    after: ['santo', 'negro', 'bar', 'de ramos', 'de resurreccion', 'de pascua', 'de gloria', '13'],
  },
  months: {
    enero: 1, ene: 1, febrero: 2, feb: 2, marzo: 3, abril: 4, abr: 4, mayo: 5, junio: 6, jun: 6, julio: 7,
    jul: 7, agosto: 8, ago: 8, septiembre: 9, setiembre: 9, sept: 9, octubre: 10, oct: 10, noviembre: 11, nov: 11,
    diciembre: 12, dic: 12,
  },
  today: ['hoy'],
  tomorrow: ['mañana'],
  relativeDays: { 'pasado mañana': 2, 'mañana por la mañana': 1, 'mañana por la tarde': 1, 'mañana por la noche': 1, 'esta noche': 0, 'esta tarde': 0, 'esta mañana': 0, 'hoy por la noche': 0 },
  // "por la mañana", "cada mañana", "de mañana": the morning, not tomorrow
  relativeCompounds: { before: ['la', 'las', 'cada', 'de', 'una', 'esta', 'toda'], after: [] },
  dateCues: ['el', 'la', 'para el', 'para la', 'para'],
  deadlineCues: ['antes del', 'antes de', 'antes de el', 'hasta el', 'hasta', 'a más tardar el', 'a mas tardar'],
  this: ['este', 'esta'],
  next: ['próximo', 'próxima', 'proximo', 'proxima', 'siguiente'],
  nextAfter: ['que viene', 'próximo', 'próxima', 'siguiente'],
  in: ['en', 'dentro de'],
  the: [],
  of: ['de', 'del'],
  ordinals: [],
  ordinalOptional: true,
  dayWords: ['día', 'dia'],
  weekend: ['fin de semana', 'finde'],
  units: {
    día: unit('day'), días: unit('day'),
    semana: unit('week'), semanas: unit('week'), quincena: unit('week', 2),
    mes: unit('month'), meses: unit('month'),
    año: unit('year'), años: unit('year'),
  },
  numbers: {
    un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
    once: 11, doce: 12,
  },
  counted: [
    'veces', 'personas', 'invitados', 'horas', 'minutos', 'min', 'kilos', 'kg', 'km', 'páginas', 'euros', 'pesos',
    'dólares', '€', '$', '%', 'tazas', 'litros', 'botellas', 'días', 'semanas',
  ],
  timeCues: ['a las', 'a la', 'al', 'desde las', 'sobre las', 'hacia las'],
  am: ['de la mañana', 'de la madrugada'],
  pm: ['de la tarde', 'de la noche'],
  namedTimes: { mediodía: '12:00' },
  hourMarks: ['h', 'hs'],
  priorities: { baja: 1, media: 2, alta: 3 },
  every: ['cada', 'todos los', 'todas las', 'todos', 'todas'],
  other: ['otra'],
  and: ['y', 'e'],
  workdays: ['laborable', 'laborables'],
  repeatAdverbs: {
    diariamente: { unit: 'day', interval: 1 },
    semanalmente: { unit: 'week', interval: 1 },
    quincenalmente: { unit: 'week', interval: 2 },
    mensualmente: { unit: 'month', interval: 1 },
    anualmente: { unit: 'year', interval: 1 },
  },
  numericDates: 'dmy',
  durationCues: ['durante', 'por'],
  hourUnits: ['h', 'hora', 'horas'],
  minuteUnits: ['m', 'min', 'minuto', 'minutos'],
};

/** Spanish and English, as quick add reads them. */
export const words: Words = withEnglish(ES);
