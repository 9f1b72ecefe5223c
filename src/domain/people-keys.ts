// How quick add's "+name" matches people (SPEC §16): folded names and e-mail parts.
import { trimText } from '@/lib/text';
import { emailName } from './people';

/** For matching names as people type them: lower case, accents dropped ("José" ≈ "jose"). */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first word of a name, folded: what "+<first name>" in quick add matches. */
export function firstNameKey(name: string): string {
  return foldName(trimText(name).split(/\s+/u)[0] ?? '');
}

/**
 * What "+…" in quick add may match of a person, folded: their whole name, its first word, and the
 * part of their e-mail before @ (how they were named before names).
 */
export function personKeys(name: string, email = ''): string[] {
  const keys = [foldName(trimText(name)), firstNameKey(name), foldName(emailName(email))];
  return [...new Set(keys.filter(Boolean))];
}
