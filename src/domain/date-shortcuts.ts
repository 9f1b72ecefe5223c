// The date picker's shortcuts (SPEC §18 "Dates"), read the way quick add reads the same words
// (./quick-add/calendar.ts), so "next week" typed and "Next week" tapped land on the same day:
// "Next week" is the first day of the week after this one, "Next weekend" that week's Saturday.
// Weeks start on `weekStart` (0 = Monday … 6 = Sunday, RRULE's order), Monday unless set.
import { addDays } from '@/lib/dates';
import { nextWeekendStart, nextWeekStart } from './quick-add/calendar';

export type DateShortcut = 'Today' | 'Tomorrow' | 'Next week' | 'Next weekend' | 'No date';

export function dateShortcuts(today: string, weekStart = 0): { name: DateShortcut; value: string | null }[] {
  return [
    { name: 'Today', value: today },
    { name: 'Tomorrow', value: addDays(today, 1) },
    { name: 'Next week', value: nextWeekStart(today, weekStart) },
    { name: 'Next weekend', value: nextWeekendStart(today, weekStart) },
    { name: 'No date', value: null },
  ];
}
