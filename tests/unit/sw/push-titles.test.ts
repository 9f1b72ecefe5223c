// A pushed reminder wears its buttons' titles in the person's language (SPEC §20), but only
// titles the worker knows: the server's catalogue's, which this holds equal to the worker's
// table and to the app's own, so a reminder reads the same whichever path shows it. Any other
// offer gets English.
import { afterEach, describe, expect, it } from 'vitest';
import { REMINDER_ACTION_TITLES } from '@/domain/reminders/action-titles';
import { reminderNotification } from '@/domain/reminders/notification';
import { inLanguage } from '@/app/reminders/reminder-words';
import { type Language, switchLanguage } from '@/lib/i18n';
import { readReminderPush } from '@/sw/push';
import { CATALOGUES, SERVER_LANGUAGES } from '../../../supabase/functions/_shared/i18n/catalogue';
import { localReminderNotification } from '../../../supabase/functions/_shared/i18n/reminder-words';

const data = { kind: 'reminder', taskId: 't1', occurrence: '2030-10-01', userId: 'u1', url: '/tasks/t1' };
const push = (actions: unknown) => readReminderPush({ kind: 'reminder', title: 'Miete', options: { body: 'b', data, actions }, snoozedUntil: null });
const input = { taskId: 't1', title: 'Miete', occurrence: '2030-10-01', dueTime: '14:30', listName: 'Arbeit', userId: 'u1', today: '2030-10-01' };

afterEach(async () => {
  await switchLanguage('en');
});

describe('reminder buttons in the person’s language', () => {
  it('the worker knows exactly the server catalogue’s titles', () => {
    expect(REMINDER_ACTION_TITLES).toEqual(Object.fromEntries(SERVER_LANGUAGES.map((l) => [l, { complete: CATALOGUES[l]['reminder.complete'], snooze: CATALOGUES[l]['reminder.snooze'] }])));
  });

  it('a push offering German titles shows German buttons; a mixed or unknown offer shows English', () => {
    const german = localReminderNotification(input, 'de');
    expect(push(german.options.actions)?.notification.options.actions).toEqual([
      { action: 'complete', title: 'Erledigen' },
      { action: 'snooze', title: 'In 10 Minuten erinnern' },
    ]);
    const mixed = [{ action: 'complete', title: 'Erledigen' }, { action: 'snooze', title: 'Snooze 10 minutes' }];
    expect(push(mixed)?.notification.options.actions.map((a) => a.title)).toEqual(['Complete', 'Snooze 10 minutes']);
  });

  it.each(['de', 'fr', 'ja', 'es', 'pt-BR'] as Language[])('the device’s own reminder in %s reads as the server’s push', async (language) => {
    await switchLanguage(language);
    const own = inLanguage(reminderNotification(input), input);
    const pushed = localReminderNotification(input, language);
    expect(own.options.actions).toEqual(pushed.options.actions);
    expect(own.options.body).toBe(pushed.options.body);
  });

  it('in English the device’s reminder is as it always was', () => {
    const n = reminderNotification(input);
    expect(inLanguage(n, input)).toBe(n);
  });
});
