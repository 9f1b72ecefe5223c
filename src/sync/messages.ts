// The sync engine's words for what went wrong: kept and reported in English, put in the person's
// language when shown (localizeMessage); its answers to the screens are put in it as they are made.
import { catalogue, localizeMessage } from '@/lib/i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);

/** An answer for a screen, its refusal's words (the server's, or ours) in the person's language. */
export function spoken<T extends { ok: boolean }>(answer: T): T {
  if (answer.ok || !('message' in answer) || typeof answer.message !== 'string') return answer;
  return { ...answer, message: localizeMessage(answer.message) };
}
