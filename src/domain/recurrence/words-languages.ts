// The rule-in-words tables (./words.ts's Phrases) of the languages other than English. Each is
// phrased as the language says a repeat, not word for word: the preposition a day takes ("am
// Montag", "le lundi", "no dia 31"), where the count goes ("alle 2 Wochen", "2週間ごと") and how a
// list of days is joined.
import type { Nth } from './rule';
import type { Phrases, Unit } from './words';

const joined = (and: string) => (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

const DE_EVERY: Record<Unit, [string, string]> = { day: ['jeden Tag', 'Tage'], week: ['jede Woche', 'Wochen'], month: ['jeden Monat', 'Monate'], year: ['jedes Jahr', 'Jahre'] };
const DE_NTH: Record<Nth, string> = { 1: 'ersten', 2: 'zweiten', 3: 'dritten', 4: 'vierten', [-1]: 'letzten' };

export const DE: Phrases = {
  every: (unit, n) => (n === 1 ? DE_EVERY[unit][0] : `alle ${n} ${DE_EVERY[unit][1]}`),
  everyWeekday: 'jeden Werktag',
  workdays: 'Werktagen',
  dayNames: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  monthNames: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  shortMonthNames: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
  list: joined('und'),
  monthDay: (day) => `${day}.`,
  lastDay: 'letzten Tag',
  nthWeekday: (nth, dayName) => `${DE_NTH[nth]} ${dayName}`,
  date: (day, monthName) => `${day}. ${monthName}`,
  on: (every, day) => (day === 'Werktagen' ? `${every} an ${day}` : `${every} am ${day}`),
  times: (count) => (count === 1 ? 'einmal' : `${count}-mal`),
  until: (day, month, year) => `bis ${day}. ${month} ${year}`,
  ending: (words, end) => `${words}, ${end}`,
  afterDone: (every) => `${every} nach dem Erledigen`,
  repeats: (words) => `Wiederholt sich ${words}`,
};

const ES_EVERY: Record<Unit, [string, string]> = { day: ['cada día', 'días'], week: ['cada semana', 'semanas'], month: ['cada mes', 'meses'], year: ['cada año', 'años'] };
const ES_NTH: Record<Nth, string> = { 1: 'primer', 2: 'segundo', 3: 'tercer', 4: 'cuarto', [-1]: 'último' };

export const ES: Phrases = {
  every: (unit, n) => (n === 1 ? ES_EVERY[unit][0] : `cada ${n} ${ES_EVERY[unit][1]}`),
  everyWeekday: 'cada día laborable',
  workdays: 'días laborables',
  dayNames: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  monthNames: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  shortMonthNames: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  list: joined('y'),
  monthDay: (day) => `día ${day}`,
  lastDay: 'último día',
  nthWeekday: (nth, dayName) => `${ES_NTH[nth]} ${dayName}`,
  date: (day, monthName) => `${day} de ${monthName}`,
  on: (every, day) => (day === 'días laborables' ? `${every} en ${day}` : `${every} el ${day}`),
  times: (count) => (count === 1 ? 'una vez' : `${count} veces`),
  until: (day, month, year) => `hasta el ${day} de ${month} de ${year}`,
  ending: (words, end) => `${words}, ${end}`,
  afterDone: (every) => `${every} después de completarla`,
  repeats: (words) => `Se repite ${words}`,
};

const FR_EVERY: Record<Unit, [string, string]> = { day: ['tous les jours', 'jours'], week: ['toutes les semaines', 'semaines'], month: ['tous les mois', 'mois'], year: ['tous les ans', 'ans'] };
const FR_NTH: Record<Nth, string> = { 1: 'premier', 2: 'deuxième', 3: 'troisième', 4: 'quatrième', [-1]: 'dernier' };
const frDay = (day: number) => (day === 1 ? '1er' : String(day));

export const FR: Phrases = {
  every: (unit, n) => (n === 1 ? FR_EVERY[unit][0] : `${unit === 'week' ? 'toutes' : 'tous'} les ${n} ${FR_EVERY[unit][1]}`),
  everyWeekday: 'tous les jours ouvrés',
  workdays: 'jours ouvrés',
  dayNames: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  monthNames: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  shortMonthNames: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  list: joined('et'),
  monthDay: frDay,
  lastDay: 'dernier jour',
  nthWeekday: (nth, dayName) => `${FR_NTH[nth]} ${dayName}`,
  date: (day, monthName) => `${frDay(day)} ${monthName}`,
  on: (every, day) => (day === 'jours ouvrés' ? `${every}, les ${day}` : `${every} le ${day}`),
  times: (count) => (count === 1 ? 'une fois' : `${count} fois`),
  until: (day, month, year) => `jusqu’au ${frDay(day)} ${month} ${year}`,
  ending: (words, end) => `${words}, ${end}`,
  afterDone: (every) => `${every} après l’avoir terminée`,
  repeats: (words) => `Se répète ${words}`,
};

const PT_EVERY: Record<Unit, [string, string]> = { day: ['todo dia', 'dias'], week: ['toda semana', 'semanas'], month: ['todo mês', 'meses'], year: ['todo ano', 'anos'] };
const PT_NTH: Record<Nth, [string, string]> = { 1: ['primeira', 'primeiro'], 2: ['segunda', 'segundo'], 3: ['terceira', 'terceiro'], 4: ['quarta', 'quarto'], [-1]: ['última', 'último'] };
/** Saturday and Sunday are masculine in Portuguese, the other days feminine. */
const ptMasculine = (dayName: string) => dayName === 'sábado' || dayName === 'domingo';

export const PT_BR: Phrases = {
  every: (unit, n) => (n === 1 ? PT_EVERY[unit][0] : `a cada ${n} ${PT_EVERY[unit][1]}`),
  everyWeekday: 'todo dia útil',
  workdays: 'em dias úteis',
  dayNames: ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'],
  monthNames: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  shortMonthNames: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'],
  list: joined('e'),
  monthDay: (day) => `no dia ${day}`,
  lastDay: 'no último dia',
  nthWeekday: (nth, dayName) => (ptMasculine(dayName) ? `no ${PT_NTH[nth][1]} ${dayName}` : `na ${PT_NTH[nth][0]} ${dayName}`),
  date: (day, monthName) => `em ${day} de ${monthName}`,
  on: (every, day) => (/^(no|na|em) /.test(day) ? `${every} ${day}` : `${every}: ${day}`),
  times: (count) => (count === 1 ? 'uma vez' : `${count} vezes`),
  until: (day, month, year) => `até ${day} de ${month} de ${year}`,
  ending: (words, end) => `${words}, ${end}`,
  afterDone: (every) => `${every} após a conclusão`,
  repeats: (words) => `Repete ${words}`,
};

const JA_EVERY: Record<Unit, [string, string]> = { day: ['毎日', '日ごと'], week: ['毎週', '週間ごと'], month: ['毎月', 'か月ごと'], year: ['毎年', '年ごと'] };
const JA_MONTHS = ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'];

export const JA: Phrases = {
  every: (unit, n) => (n === 1 ? JA_EVERY[unit][0] : `${n}${JA_EVERY[unit][1]}`),
  everyWeekday: '平日毎日',
  workdays: '平日',
  dayNames: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '日曜日'],
  monthNames: JA_MONTHS,
  shortMonthNames: JA_MONTHS,
  list: (items) => items.join('・'),
  monthDay: (day) => `${day}日`,
  lastDay: '末日',
  nthWeekday: (nth, dayName) => (nth === -1 ? `最終${dayName}` : `第${nth}${dayName}`),
  date: (day, monthName) => `${monthName}${day}日`,
  on: (every, day) => (every.endsWith('ごと') ? `${every}の${day}` : `${every}${day}`),
  times: (count) => `${count}回`,
  until: (day, month, year) => `${year}年${month}${day}日まで`,
  ending: (words, end) => `${words}、${end}`,
  afterDone: (every) => `完了してから${every}`,
  repeats: (words) => `繰り返し：${words}`,
};
