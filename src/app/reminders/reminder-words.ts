// The device's own reminder notification in the app's language: "Heute um 14:30 · Arbeit" and
// its buttons. The words are those the server's push uses for the same reminder
// (supabase/functions/_shared/i18n), so whichever path shows it first, it reads the same.
import { REMINDER_ACTION_TITLES } from '@/domain/reminders/action-titles';
import type { ReminderNotification, ReminderNotificationInput } from '@/domain/reminders/notification';
import { currentLanguage, dayName, formatTime } from '@/lib/i18n';
import { t } from '../messages';

export function inLanguage(n: ReminderNotification, input: ReminderNotificationInput): ReminderNotification {
  if (currentLanguage() === 'en') return n;
  const day = dayName(input.occurrence, input.today);
  const when = input.dueTime ? t('app.reminderWhen', { day, time: formatTime(input.dueTime) }) : day;
  const titles = REMINDER_ACTION_TITLES[currentLanguage()];
  return {
    title: n.title,
    options: { ...n.options, body: `${when} · ${input.listName}`, actions: n.options.actions.map((a) => ({ ...a, title: titles[a.action] })) },
  };
}
