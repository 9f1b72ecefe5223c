// The words on the chips under the field ("Tomorrow", "09:00", "High priority", "List: Groceries",
// "Repeats every week on Monday") and on their dismiss buttons. The sentences come from `say` —
// the field passes its catalogue's (SPEC §20); English's are the default — and the dates use the
// app's own day labels so a chip reads like the task row it will become.
import { addDays, dayLabel } from '@/lib/dates';
import { repeatLabel } from '@/domain/recurrence';
import type { ParseOptions, Part, QuickAddResult } from './types';

/** The chip sentences by key, with their values (ICU-style placeholders in the catalogue). */
export type ChipSay = (key: ChipKey, values?: Record<string, string>) => string;
export type ChipKey = keyof typeof ENGLISH;

const ENGLISH = {
  'quickAdd.priorityLow': 'Low priority',
  'quickAdd.priorityMedium': 'Medium priority',
  'quickAdd.priorityHigh': 'High priority',
  'quickAdd.deadline': 'Deadline {day}',
  'quickAdd.duration': 'For {duration}',
  'quickAdd.timeOn': '{time} {day}',
  'quickAdd.list': 'List: {name}',
  'quickAdd.assignee': 'Assigned to {name}',
  'quickAdd.label': 'Label: {name}',
  'quickAdd.newLabel': 'New label {name}',
  'quickAdd.repeatFrom': '{repeat}, from {day}',
  'quickAdd.keep': 'Keep “{words}” in the title',
} as const;

export const englishChips: ChipSay = (key, values = {}) => ENGLISH[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

const PRIORITY = { 1: 'quickAdd.priorityLow', 2: 'quickAdd.priorityMedium', 3: 'quickAdd.priorityHigh' } as const;

/** "today", "tomorrow", "Mon 30 Nov" — inside a sentence. */
function dayWords(iso: string, today: string): string {
  const label = dayLabel(iso, today);
  const word = dayLabel(today, today);
  const next = dayLabel(addDays(today, 1), today);
  return label === word || label === next ? label.toLowerCase() : label;
}

/** 45 → "45 min", 120 → "2 h", 90 → "1 h 30 min". */
export function durationWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

export function partLabel(part: Part, result: QuickAddResult, options: Pick<ParseOptions, 'today' | 'defaultDate'>, say: ChipSay = englishChips): string {
  const { today, defaultDate } = options;
  const dated = result.parts.find((p) => p.kind === 'date');
  switch (part.kind) {
    case 'date':
      return dayLabel(part.value, today);
    case 'deadline':
      return say('quickAdd.deadline', { day: dayLabel(part.value, today) });
    case 'time': {
      // On a screen without a date the time brings one; say which.
      const implied = !dated && !defaultDate && !result.fields.repeat && result.fields.due_date;
      return implied ? say('quickAdd.timeOn', { time: part.value, day: dayWords(implied, today) }) : part.value;
    }
    case 'duration':
      return say('quickAdd.duration', { duration: durationWords(part.value) });
    case 'priority':
      return say(PRIORITY[part.value]);
    case 'list':
      return say('quickAdd.list', { name: part.value.name });
    case 'assignee':
      return say('quickAdd.assignee', { name: part.value.name });
    case 'label': {
      if (part.value.id) return say('quickAdd.label', { name: part.value.name });
      // a new name said twice makes one label, the first's (names match whatever their case)
      const name = part.value.name.toLowerCase();
      const first = result.parts.find((p) => p.kind === 'label' && p.value.name.toLowerCase() === name);
      return first === part || first?.kind !== 'label' ? say('quickAdd.newLabel', { name: part.value.name }) : say('quickAdd.label', { name: first.value.name });
    }
    case 'repeat': {
      const { rule, anchor } = part.value;
      // Said when the repeat starts elsewhere than the date in view ("every monday" on a Wednesday).
      const shown = dated?.value ?? defaultDate;
      const label = repeatLabel(rule, anchor);
      return anchor === shown ? label : say('quickAdd.repeatFrom', { repeat: label, day: dayWords(anchor, today) });
    }
  }
}

/** The dismiss button's name: the words go back into the title. */
export function keepLabelSaid(part: Part, say: ChipSay): string {
  return say('quickAdd.keep', { words: part.text });
}

/** The same in English. */
export const keepLabel = (part: Part): string => keepLabelSaid(part, englishChips);
