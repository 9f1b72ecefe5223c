// The reminder's two buttons in each language (the device's own reminder wears them too). A pushed reminder's buttons are always the
// reminder's own (src/sw/push.ts): the message may only pick which language's titles they wear,
// by offering exactly one of these sets, so a push can never put words of its own on them.
import type { Language } from '@/lib/i18n/languages';
import type { ReminderAction } from './notification';

export const REMINDER_ACTION_TITLES: Readonly<Record<Language, Readonly<Record<ReminderAction, string>>>> = {
  en: { complete: 'Complete', snooze: 'Snooze 10 minutes' },
  de: { complete: 'Erledigen', snooze: 'In 10 Minuten erinnern' },
  es: { complete: 'Completar', snooze: 'Posponer 10 minutos' },
  fr: { complete: 'Terminer', snooze: 'Rappeler dans 10 minutes' },
  'pt-BR': { complete: 'Concluir', snooze: 'Adiar 10 minutos' },
  ja: { complete: '完了', snooze: '10分後に再通知' },
};

/** The known set of titles `actions` offers, else English's. */
export function knownActionTitles(actions: unknown): Readonly<Record<ReminderAction, string>> {
  const english = REMINDER_ACTION_TITLES.en;
  if (!Array.isArray(actions)) return english;
  const offered = (action: ReminderAction) => {
    const found = actions.find((a) => a && typeof a === 'object' && (a as Record<string, unknown>).action === action) as Record<string, unknown> | undefined;
    return found?.title;
  };
  return Object.values(REMINDER_ACTION_TITLES).find((set) => set.complete === offered('complete') && set.snooze === offered('snooze')) ?? english;
}
