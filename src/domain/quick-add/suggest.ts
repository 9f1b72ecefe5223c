// Suggestions for "#" while typing: the lists whose names start with what follows the '#' before
// the caret. They are how a name with spaces gets typed ("#Home pr" → "#Home projects "), since the
// parser only reads names that exist.
import { foldName } from '../people-keys';
import { freeBefore } from './tokens';
import type { ListRef, PersonRef } from './types';

/** List names are at most 80 characters (SPEC §5): a '#' further back is not being typed. */
const MAX_NAME = 80;

export interface HashQuery {
  /** Index of the '#'. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

export function hashQueryAt(text: string, caret: number): HashQuery | null {
  for (let at = caret - 1; at >= 0 && caret - at <= MAX_NAME + 1; at--) {
    if (text[at] === '\n') return null;
    if (text[at] === '#' && freeBefore(text, at)) return { start: at, query: text.slice(at + 1, caret) };
  }
  return null;
}

/**
 * Lists whose names start with the query (case-insensitive), in the user's order with an exact
 * match first; none when the only match is already complete.
 */
export function suggestLists<T extends ListRef>(lists: readonly T[], query: string, limit = 6): T[] {
  const q = query.toLowerCase();
  const exact = (l: T) => l.name.toLowerCase() === q;
  const found = lists.filter((l) => l.name.toLowerCase().startsWith(q));
  if (found.length === 1 && exact(found[0] as T)) return [];
  return [...found.filter(exact), ...found.filter((l) => !exact(l))].slice(0, limit);
}

/** Puts the name after the '#' in place of the word being typed, and a space after it; returns the new text and caret. */
export function completeList(text: string, at: HashQuery, caret: number, name: string): { text: string; caret: number } {
  const before = `${text.slice(0, at.start + 1)}${name} `;
  const after = text.slice(caret).replace(/^\S*\s?/, '');
  return { text: before + after, caret: before.length };
}

/** Names are at most 50 characters (SPEC §16): a '+' further back is not being typed. */
const MAX_PERSON = 50;

/** The '+' before the caret and what follows it, while a person's name is being typed. */
export function plusQueryAt(text: string, caret: number): HashQuery | null {
  for (let at = caret - 1; at >= 0 && caret - at <= MAX_PERSON + 1; at--) {
    if (text[at] === '\n') return null;
    if (text[at] === '+' && freeBefore(text, at)) return { start: at, query: text.slice(at + 1, caret) };
  }
  return null;
}

/**
 * The members of the task's list any word of whose name (or whose e-mail name) starts with the
 * query, without case or accents; none when the only one is typed in full already.
 */
export function suggestPeople<T extends PersonRef>(people: readonly T[], query: string, listId: string | null | undefined, limit = 6): T[] {
  const q = foldName(query);
  if (/\s$/.test(query) && !people.some((p) => p.listId === listId && foldName(p.name).startsWith(q))) return [];
  const found = people.filter((p) => {
    if (p.listId !== listId) return false;
    const words = [...foldName(p.name).split(/\s+/), ...(p.keys ?? [])];
    return foldName(p.name).startsWith(q) || words.some((w) => w.startsWith(q));
  });
  if (found.length === 1 && foldName(found[0]!.name) === q) return [];
  return found.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}
