// The reminder's two buttons in each language. A pushed reminder's buttons are always the
// reminder's own (src/sw/push.ts): the message may only pick which language's titles they wear,
// by offering exactly one of these sets, so a push can never put words of its own on them.
import type { ReminderAction } from './notification';

export const REMINDER_ACTION_TITLES: readonly Readonly<Record<ReminderAction, string>>[] = [
  { complete: 'Complete', snooze: 'Snooze 10 minutes' },
  { complete: 'Erledigen', snooze: 'In 10 Minuten erinnern' },
  { complete: 'Completar', snooze: 'Posponer 10 minutos' },
  { complete: 'Terminer', snooze: 'Rappeler dans 10 minutes' },
  { complete: 'Concluir', snooze: 'Adiar 10 minutos' },
  { complete: '完了', snooze: '10分後に再通知' },
];

/** The known set of titles `actions` offers, else English's. */
export function knownActionTitles(actions: unknown): Readonly<Record<ReminderAction, string>> {
  const english = REMINDER_ACTION_TITLES[0]!;
  if (!Array.isArray(actions)) return english;
  const offered = (action: ReminderAction) => {
    const found = actions.find((a) => a && typeof a === 'object' && (a as Record<string, unknown>).action === action) as Record<string, unknown> | undefined;
    return found?.title;
  };
  return REMINDER_ACTION_TITLES.find((set) => set.complete === offered('complete') && set.snooze === offered('snooze')) ?? english;
}
