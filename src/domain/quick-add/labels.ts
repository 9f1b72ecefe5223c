// The words on the chips under the field ("Tomorrow", "09:00", "High priority", "List: Groceries",
// "Repeats every week on Monday") and on their dismiss buttons. English, like the rest of the UI;
// the dates use the app's own day labels so a chip reads like the task row it will become.
import { dayLabel } from '@/lib/dates';
import { repeatLabel } from '@/domain/recurrence';
import type { ParseOptions, Part, QuickAddResult } from './types';

const PRIORITY = { 1: 'Low priority', 2: 'Medium priority', 3: 'High priority' } as const;

/** "today", "tomorrow", "Mon 30 Nov" — inside a sentence. */
function dayWords(iso: string, today: string): string {
  const label = dayLabel(iso, today);
  return label === 'Today' || label === 'Tomorrow' ? label.toLowerCase() : label;
}

/** 45 → "45 min", 120 → "2 h", 90 → "1 h 30 min". */
export function durationWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

export function partLabel(part: Part, result: QuickAddResult, options: Pick<ParseOptions, 'today' | 'defaultDate'>): string {
  const { today, defaultDate } = options;
  const dated = result.parts.find((p) => p.kind === 'date');
  switch (part.kind) {
    case 'date':
      return dayLabel(part.value, today);
    case 'deadline':
      return `Deadline ${dayLabel(part.value, today)}`;
    case 'time': {
      // On a screen without a date the time brings one; say which.
      const implied = !dated && !defaultDate && !result.fields.repeat && result.fields.due_date;
      return implied ? `${part.value} ${dayWords(implied, today)}` : part.value;
    }
    case 'duration':
      return `For ${durationWords(part.value)}`;
    case 'priority':
      return PRIORITY[part.value];
    case 'list':
      return `List: ${part.value.name}`;
    case 'assignee':
      return `Assigned to ${part.value.name}`;
    case 'label': {
      if (part.value.id) return `Label: ${part.value.name}`;
      // a new name said twice makes one label, the first's (names match whatever their case)
      const name = part.value.name.toLowerCase();
      const first = result.parts.find((p) => p.kind === 'label' && p.value.name.toLowerCase() === name);
      return first === part || first?.kind !== 'label' ? `New label ${part.value.name}` : `Label: ${first.value.name}`;
    }
    case 'repeat': {
      const { rule, anchor } = part.value;
      // Said when the repeat starts elsewhere than the date in view ("every monday" on a Wednesday).
      const shown = dated?.value ?? defaultDate;
      const label = repeatLabel(rule, anchor);
      return anchor === shown ? label : `${label}, from ${dayWords(anchor, today)}`;
    }
  }
}

/** The dismiss button's name: the words go back into the title. */
export function keepLabel(part: Part): string {
  return `Keep “${part.text}” in the title`;
}
