// The sync layer's answers to the screens (auth, links, history) carry words, the server's or its
// own (./locales): they are put in the person's language as they are made, just before shown.
// What the engine keeps (a failure's reason, a refused change's) stays English and is put in the
// language as the facade hands it to the screens (localizeMessage).
import { localizeMessage } from '@/lib/i18n/catalogue';
import { currentLanguage } from '@/lib/i18n/language';
import type { EngineEvent } from './types';

/** An answer for a screen, its refusal's words (the server's, or ours) in the person's language. */
export function spoken<T extends { ok: boolean }>(answer: T): T {
  if (answer.ok || !('message' in answer) || typeof answer.message !== 'string') return answer;
  return { ...answer, message: localizeMessage(answer.message) };
}

/** An engine event for the screens: a failure's reason and refusals' reasons in the person's language. */
export function spokenEvent<E extends EngineEvent>(event: E): E {
  if (currentLanguage() === 'en') return event;
  if (event.type === 'failing') return { ...event, reason: localizeMessage(event.reason) };
  if (event.type === 'refused') {
    return { ...event, items: event.items.map((item) => ({ ...item, error: { ...item.error, message: localizeMessage(item.error.message) } })) };
  }
  return event;
}
