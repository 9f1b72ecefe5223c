// The error catalogue (SPEC §5, §8) in the person's language: an error is made with its English
// words (what refusals carry, the server compares and the sync centre keeps) and read in the
// language of the moment it is shown — including a language chosen after it was made.
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/backend/account-auth';
import { AUTH_MESSAGES, tooManyAttempts } from '@/backend/auth';
import { bulkTooMany } from '@/data';
import * as checks from '@/data/mutations/checks';
import { type Refusal, valid } from '@/data/mutations/checks';
import { FEED_MESSAGES } from '@/domain/feeds';
import { FILTER_MESSAGES } from '@/domain/filters';
import { LABEL_MESSAGES } from '@/domain/labels';
import { PEOPLE_MESSAGES } from '@/domain/people-checks';
import { REMINDER_OPTIONS, reminderLabel } from '@/domain/reminders/offsets';
import { REPEAT_MESSAGES } from '@/domain/recurrence/rule';
import { MESSAGES, normalizeTitle } from '@/domain/validation';
import { StorageFullError, type ValidationError } from '@/lib/errors';
import { LANGUAGES, localizeMessage, switchLanguage } from '@/lib/i18n';
import '@/sync/messages';

afterEach(() => switchLanguage('en'));

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (err) {
    return err as Error;
  }
  throw new Error('did not throw');
}

describe('errors in another language', () => {
  it('a validation error reads in the language it is shown in, and keeps its English', async () => {
    const err = thrown(() => normalizeTitle('  ')) as ValidationError;
    expect(err.message).toBe('Title is required');
    await switchLanguage('de');
    expect(err.message).toBe('Gib einen Titel ein');
    expect(err.english).toBe('Title is required');
    expect(err.field).toBe('title');
    await switchLanguage('ja');
    expect(err.message).toBe('タイトルを入力してください');
    await switchLanguage('en');
    expect(err.message).toBe('Title is required');
  });

  it('storage full (SPEC §8) in French and Spanish', async () => {
    const err = new StorageFullError();
    await switchLanguage('fr');
    expect(err.message).toBe('Le stockage est plein : rien n’a été enregistré');
    await switchLanguage('es');
    expect(err.message).toBe('El almacenamiento está lleno: no se ha guardado nada');
  });

  it('a refusal a pure apply makes carries English whatever the language', async () => {
    await switchLanguage('pt-BR');
    const refusal = thrown(() => valid(() => normalizeTitle(''))) as Refusal;
    expect(refusal.error).toEqual({ code: 'invalid', message: 'Title is required', field: 'title' });
    expect(localizeMessage(refusal.error.message)).toBe('Digite um título');
  });

  it('messages with values, and values that are messages themselves', async () => {
    await switchLanguage('de');
    expect(localizeMessage('Unknown time zone Mars/Olympus')).toBe('Unbekannte Zeitzone Mars/Olympus');
    expect(localizeMessage('The server refused the request: Title is required')).toBe('Der Server hat die Anfrage abgelehnt: Gib einen Titel ein');
    expect(localizeMessage('The server had a problem (HTTP 503)')).toBe('Der Server hatte ein Problem (HTTP 503)');
    // text no catalogue has stays as it is
    expect(localizeMessage('permission denied for table tasks')).toBe('permission denied for table tasks');
  });

  it('the auth server’s answers, with the wait in the language’s plural', async () => {
    expect(tooManyAttempts('you can only request this after 61 seconds')).toBe('Too many attempts — try again in 2 minutes');
    expect(tooManyAttempts('you can only request this after 20 seconds')).toBe('Too many attempts — try again in 1 minute');
    await switchLanguage('de');
    expect(tooManyAttempts('you can only request this after 61 seconds')).toBe('Zu viele Versuche – versuch es in 2 Minuten noch einmal');
    expect(localizeMessage(AUTH_MESSAGES.credentials)).toBe('E-Mail-Adresse oder Passwort falsch');
    await switchLanguage('ja');
    expect(tooManyAttempts('you can only request this after 61 seconds')).toBe('試行回数が多すぎます。2分後にもう一度お試しください');
  });

  it('reminder times and the bulk limit are read when shown', async () => {
    expect(REMINDER_OPTIONS.map((o) => o.label)).toContain('15 minutes before');
    expect(bulkTooMany()).toBe('Select at most 1,000 tasks at once');
    await switchLanguage('es');
    expect(reminderLabel(60)).toBe('1 hora antes');
    expect(REMINDER_OPTIONS[0]?.label).toBe('A la hora de vencimiento');
    await switchLanguage('de');
    expect(bulkTooMany()).toBe('Wähle höchstens 1.000 Aufgaben auf einmal');
  });
});

describe('every message the checks make has its words in every language', () => {
  const constants = (Object.values(checks) as unknown[]).filter((v): v is string => typeof v === 'string');
  const all: Record<string, readonly string[]> = {
    validation: Object.values(MESSAGES),
    people: Object.values(PEOPLE_MESSAGES),
    labels: Object.values(LABEL_MESSAGES),
    filters: Object.values(FILTER_MESSAGES),
    feeds: Object.values(FEED_MESSAGES),
    repeats: Object.values(REPEAT_MESSAGES),
    auth: [...Object.values(AUTH_MESSAGES), ...Object.values(ACCOUNT_MESSAGES)],
    refusals: constants,
  };
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(language, async () => {
      await switchLanguage(language);
      for (const [group, messages] of Object.entries(all)) {
        for (const english of messages) expect(localizeMessage(english), `${group}: ${english}`).not.toBe(english);
      }
    });
  }
});
