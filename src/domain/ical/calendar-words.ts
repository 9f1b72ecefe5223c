// The words a calendar feed adds to a person's own (SPEC §19, §20), by language, and the fallback
// for a language not yet here. Pure; no imports (the app has an identical copy: see README.md).

export interface CalendarWords {
  /** An all-day event on a task's deadline. */
  deadline: (title: string) => string;
  /** What an alarm shows besides the task's title, when the app shows alarms' words. */
  reminder: string;
}

const EN: CalendarWords = { deadline: (title) => `Deadline: ${title}`, reminder: 'Reminder' };

export const CALENDAR_WORDS: Readonly<Record<string, CalendarWords>> = { en: EN };

/** The words for a language ('de', 'pt-BR' …), its base language's, or English. */
export function calendarWords(language: string | null | undefined): CalendarWords {
  if (!language) return EN;
  return CALENDAR_WORDS[language] ?? CALENDAR_WORDS[language.split('-')[0] ?? ''] ?? EN;
}
