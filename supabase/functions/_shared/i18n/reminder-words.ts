// A reminder push in the person's language (SPEC §11.4, §20): the body "Today at 14:30 · Work"
// and the buttons, from the catalogue, the day and time formatted by Intl for the language. The
// English words are those of the device's own formatter (../reminder-notification.ts), which the
// server's push repeats exactly, so English goes through it unchanged.
import { addDays, dayLabel, parseIso } from '../dates.ts';
import { type ReminderNotification, type ReminderNotificationInput, reminderNotification } from '../reminder-notification.ts';
import { type ServerText, serverText } from './catalogue.ts';

const formats = new Map<string, Intl.DateTimeFormat>();
/** One DateTimeFormat a locale and shape, made once (a sender formats thousands of pushes a run). */
function dateTimeFormat(locale: string, shape: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${shape}`;
  return formats.get(key) ?? formats.set(key, new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })).get(key)!;
}

/** "Heute", "Demain", else the weekday and date ("lun. 23 nov.", with the year when not this year's). */
export function localDayLabel(w: ServerText, iso: string, today: string): string {
  if (w.language === 'en') return dayLabel(iso, today);
  if (iso === today) return w.t('reminder.today');
  if (iso === addDays(today, 1)) return w.t('reminder.tomorrow');
  if (iso === addDays(today, -1)) return w.t('reminder.yesterday');
  const { year, month, day } = parseIso(iso);
  const sameYear = year === parseIso(today).year;
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) };
  return dateTimeFormat(w.locale, sameYear ? 'day' : 'day-year', options).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** 'HH:MM' as the language writes a time of day: its short time style ("07:05" in German, "7:05" in Japanese). */
export function localTime(w: ServerText, hhmm: string): string {
  if (w.language === 'en') return hhmm;
  const [h, m] = hhmm.split(':').map(Number);
  return dateTimeFormat(w.locale, 'time', { timeStyle: 'short' }).format(new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)));
}

/** The device's notification, its words in `language`. */
export function localReminderNotification(input: ReminderNotificationInput, language: string | null | undefined): ReminderNotification {
  const n = reminderNotification(input);
  const w = serverText(language);
  if (w.language === 'en') return n;
  const day = localDayLabel(w, input.occurrence, input.today);
  const when = input.dueTime ? w.t('reminder.dayAtTime', { day, time: localTime(w, input.dueTime) }) : day;
  const titles = { complete: w.t('reminder.complete'), snooze: w.t('reminder.snooze') };
  return {
    title: n.title,
    options: {
      ...n.options,
      body: w.t('reminder.body', { when, list: input.listName }),
      actions: n.options.actions.map((a) => ({ ...a, title: titles[a.action] })),
    },
  };
}
