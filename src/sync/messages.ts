// The sync layer's answers to the screens (auth, links, history) carry words, the server's or its
// own (./locales): they are put in the person's language as they are made, just before shown.
// What the engine keeps (a refused change's reason) stays English and is put in the language
// where it is shown (localizeMessage).
import { localizeMessage } from '@/lib/i18n/catalogue';

/** An answer for a screen, its refusal's words (the server's, or ours) in the person's language. */
export function spoken<T extends { ok: boolean }>(answer: T): T {
  if (answer.ok || !('message' in answer) || typeof answer.message !== 'string') return answer;
  return { ...answer, message: localizeMessage(answer.message) };
}
