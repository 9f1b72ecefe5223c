// The Brazilian Portuguese words quick add understands (SPEC §20), read together with English's
// (withEnglish). Shape and rules as en.ts; entries lower case, accents typed or not ("amanhã" =
// "amanha", "às" = "as"). "segunda", "quinta" and "sexta" are also "second", "fifth" and "sixth"
// ("segunda via", "Quinta da Boa Vista"), so they count alone only as "segunda-feira" or after a
// cue ("na segunda", "até sexta", "toda segunda", "próxima sexta").
import { type Words, withEnglish } from './en';

const unit = (u: 'day' | 'week' | 'month' | 'year', times = 1) => ({ unit: u, times });

export const PT: Words = {
  weekdays: ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
  weekdaysAlone: { sábado: 5, domingo: 6 },
  weekdayShort: {
    segunda: 0, seg: 0, terça: 1, ter: 1, quarta: 2, qua: 2, quinta: 3, qui: 3, sexta: 4, sex: 4, sáb: 5, dom: 6,
  },
  weekdayPlurals: { segundas: 0, terças: 1, quartas: 2, quintas: 3, sextas: 4, sábados: 5, domingos: 6 },
  weekendAfterCue: true,
  weekdaySuffixes: ['-feira', 'feira', '-feiras', 'feiras'],
  weekdayCompounds: {
    // "Sábado de Aleluia", "Domingo de Ramos", "Sexta-feira Santa", "Black Friday" is English's
    before: ['são'],
    after: ['de aleluia', 'de ramos', 'de páscoa', 'santa', 'santo', 'gordo', 'legal', 'da', 'série', 'parte', 'via'],
  },
  months: {
    janeiro: 1, jan: 1, fevereiro: 2, fev: 2, março: 3, abril: 4, abr: 4, maio: 5, junho: 6, jun: 6, julho: 7,
    jul: 7, agosto: 8, ago: 8, setembro: 9, set: 9, outubro: 10, out: 10, novembro: 11, nov: 11, dezembro: 12, dez: 12,
  },
  today: ['hoje'],
  tomorrow: ['amanhã'],
  relativeDays: { 'depois de amanhã': 2, 'hoje à noite': 0, 'hoje de noite': 0, 'amanhã de manhã': 1, 'amanhã cedo': 1, 'amanhã à tarde': 1 },
  dateCues: ['no', 'na', 'em', 'para', 'pra', 'para o', 'pro', 'nesta', 'neste'],
  deadlineCues: ['até', 'até o', 'até a', 'antes de', 'antes do', 'antes da', 'no máximo até'],
  this: ['esta', 'este', 'nesta', 'neste', 'essa', 'esse'],
  next: ['próxima', 'próximo', 'proxima', 'proximo'],
  nextAfter: ['que vem', 'próxima', 'próximo', 'seguinte'],
  in: ['em', 'daqui a', 'dentro de'],
  the: [],
  of: ['de', 'do'],
  ordinals: ['º', 'o'],
  ordinalOptional: true,
  dayWords: ['dia'],
  weekend: ['fim de semana', 'fds', 'final de semana'],
  units: {
    dia: unit('day'), dias: unit('day'),
    semana: unit('week'), semanas: unit('week'), quinzena: unit('week', 2),
    mês: unit('month'), meses: unit('month'),
    ano: unit('year'), anos: unit('year'),
  },
  numbers: {
    um: 1, uma: 1, dois: 2, duas: 2, três: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
    onze: 11, doze: 12,
  },
  counted: [
    'vezes', 'pessoas', 'convidados', 'horas', 'minutos', 'min', 'quilos', 'kg', 'km', 'páginas', 'reais', 'r$',
    '%', 'garrafas', 'litros', 'dias', 'semanas',
  ],
  timeCues: ['às', 'a partir das', 'lá pelas', 'pelas'],
  am: ['da manhã', 'da madrugada'],
  pm: ['da tarde', 'da noite'],
  namedTimes: { meiodia: '12:00' },
  relativeCompounds: { before: [], after: [] },
  hourMarks: ['h'],
  priorities: { baixa: 1, média: 2, alta: 3 },
  every: ['toda', 'todo', 'todas as', 'todos os', 'a cada', 'cada'],
  other: [],
  and: ['e'],
  workdays: [],
  repeatAdverbs: {
    diariamente: { unit: 'day', interval: 1 },
    semanalmente: { unit: 'week', interval: 1 },
    quinzenalmente: { unit: 'week', interval: 2 },
    mensalmente: { unit: 'month', interval: 1 },
    anualmente: { unit: 'year', interval: 1 },
  },
  numericDates: 'dmy',
  durationCues: ['por', 'durante'],
  hourUnits: ['h', 'hora', 'horas'],
  minuteUnits: ['m', 'min', 'minuto', 'minutos'],
};

/** Brazilian Portuguese and English, as quick add reads them. */
export const words: Words = withEnglish(PT);
