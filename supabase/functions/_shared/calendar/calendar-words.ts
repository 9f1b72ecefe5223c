// The words a calendar feed adds to a person's own (SPEC §19, §20), by language, and the fallback
// for a language not yet here. Pure; no imports (the app has an identical copy: see README.md).

export interface CalendarWords {
  /** An all-day event on a task's deadline. */
  deadline: (title: string) => string;
  /** What an alarm shows besides the task's title, when the app shows alarms' words. */
  reminder: string;
}

const EN: CalendarWords = { deadline: (title) => `Deadline: ${title}`, reminder: 'Reminder' };

// The words the app's own screens use for a deadline (the filters' "Deadline within") and a reminder.
export const CALENDAR_WORDS: Readonly<Record<string, CalendarWords>> = {
  en: EN,
  de: { deadline: (title) => `Deadline: ${title}`, reminder: 'Erinnerung' },
  es: { deadline: (title) => `Fecha límite: ${title}`, reminder: 'Recordatorio' },
  fr: { deadline: (title) => `Date limite\u00a0: ${title}`, reminder: 'Rappel' },
  'pt-BR': { deadline: (title) => `Prazo final: ${title}`, reminder: 'Lembrete' },
  ja: { deadline: (title) => `締め切り: ${title}`, reminder: 'リマインダー' },
};

/** The words for a language ('de', 'pt-BR' …), its base language's, or English. */
export function calendarWords(language: string | null | undefined): CalendarWords {
  if (!language) return EN;
  const base = language.split('-')[0] ?? '';
  return CALENDAR_WORDS[language] ?? CALENDAR_WORDS[base] ?? (base === 'pt' ? CALENDAR_WORDS['pt-BR'] : undefined) ?? EN;
}
