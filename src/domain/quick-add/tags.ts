// Priority ("!high") and list ("#Groceries") marks. Both need their mark at the start of a word:
// "Hi!high" and "issue#5" are text.
//
// Priority: "!low", "!medium" ("!med"), "!high". "!1"–"!3" are not read: Todoist's p1 is its
// highest priority and our 1 is the lowest, so a number would mean the opposite to half the people
// who type it; the words can't be misread.
//
// List: '#' then the longest name of an existing list that the text continues with, compared
// case-insensitively and ending at a word's end: with lists "Home" and "Home projects",
// "#home projects tomorrow" is "Home projects"; "#Homework" is neither. A name nobody has made
// stays in the title (quick add never makes lists). Suggestions complete names with spaces (suggest.ts).
//
// Assignee (SPEC §13.2, §16): '+' then the longest name of a member of the task's list — their whole
// display name, its first word, or the part of their e-mail before @ — compared without case or
// accents ("+jose" is José), ending at a word's end. A name no member of that list has stays in the
// title, and so does one two members share ("+ann" with Ann Lee and Ann Kim): the suggestions offer
// both by their whole names.
import type { Match } from './dates';
import type { Context } from './table';
import { freeAfter, type Token } from './tokens';
import { foldName } from '../people-keys';
import type { LabelRef, ListRef, PersonRef } from './types';

export function matchPriority(tokens: readonly Token[], i: number, c: Context): Match<1 | 2 | 3> | null {
  const word = tokens[i + 1];
  if (tokens[i]?.text !== '!' || word === undefined || word.space || word.kind !== 'word') return null;
  const value = c.t.priorities.get(word.text);
  return value === undefined ? null : { end: i + 2, value };
}

// A new label's name: one word of letters, digits, '-' or '_', starting with a letter ("@7pm" is a
// time); a name with spaces must exist first.
const NEW_LABEL = /^\p{L}[\p{L}\p{M}\p{N}_-]{0,59}/u;

/**
 * Label: '@' then the longest name of one of the person's labels that the text continues with
 * (case-insensitive, ending at a word's end), else a new label named by the word after it.
 */
export function matchLabel(text: string, at: number, labels: readonly LabelRef[]): { end: number; value: LabelRef } | null {
  const from = at + 1;
  let best: LabelRef | null = null;
  for (const label of labels) {
    const name = label.name;
    if (name.length === 0 || (best !== null && name.length <= best.name.length)) continue;
    if (text.slice(from, from + name.length).toLowerCase() === name.toLowerCase() && freeAfter(text, from + name.length)) best = label;
  }
  if (best) return { end: from + best.name.length, value: best };
  const word = NEW_LABEL.exec(text.slice(from, from + 61));
  if (!word || !freeAfter(text, from + word[0].length)) return null;
  return { end: from + word[0].length, value: { id: null, name: word[0] } };
}

/** The list named after the '#' at `hash` (a character index), and where its name ends. */
export function matchList(text: string, hash: number, lists: readonly ListRef[]): { end: number; value: ListRef } | null {
  if (text[hash] !== '#') return null;
  const from = hash + 1;
  let best: ListRef | null = null;
  for (const list of lists) {
    const name = list.name;
    if (name.length === 0 || (best !== null && name.length <= best.name.length)) continue;
    if (text.slice(from, from + name.length).toLowerCase() === name.toLowerCase() && freeAfter(text, from + name.length)) {
      best = list;
    }
  }
  return best === null ? null : { end: from + best.name.length, value: best };
}

/** The member of `listId` named after the '+' at `plus`, and where the name ends; null for none or two. */
export function matchPerson(text: string, plus: number, people: readonly PersonRef[], listId: string | null | undefined) {
  const from = plus + 1;
  // folded once; when folding kept every character in place (no combining marks typed apart),
  // a key matches where the folded text starts with it
  const raw = text.slice(from, from + 51);
  const folded = foldName(raw);
  const aligned = folded.length === raw.length;
  const at = (key: string) => (aligned ? folded.startsWith(key) : foldName(text.slice(from, from + key.length)) === key);
  let best: PersonRef | null = null;
  let length = 0;
  let ambiguous = false;
  for (const person of people) {
    if (person.listId !== listId) continue;
    for (const key of person.keys ?? [foldName(person.name)]) {
      if (!key || key.length < length) continue;
      if (!at(key) || !freeAfter(text, from + key.length)) continue;
      if (key.length > length) {
        [best, length, ambiguous] = [person, key.length, false];
      } else if (best?.id !== person.id) ambiguous = true;
    }
  }
  return best === null || ambiguous ? null : { end: from + length, value: best };
}
