// The chunk quick add loads on demand (parser.ts): the parser with its chip words and
// '#' suggestions (src/domain/quick-add), and the pieces that show them — the "Recognised" chips and
// the suggestions' listbox, with their styles. None of it is needed to type a plain title, so none
// of it is in the first screen's bundle; the field (quick-add.tsx) keeps only its state. The
// person's language's words come as a chunk of their own (words.ts).
import type { Label, List, Member } from '@/domain/model';
import { keepLabelSaid, type ParseOptions, type PersonRef, parseQuickAdd, partLabel, type QuickAddResult } from '@/domain/quick-add';
import { personColor, personName } from '@/domain/people';
import { personKeys } from '@/domain/people-keys';
import { t } from './messages';
import type { Chip } from './recognised';
import './understood.css';

export { partKey } from '@/domain/quick-add';
export { formatRule } from '@/domain/recurrence';
export { Suggestions } from './listbox';
export { Recognised } from './recognised';
export { suggestionsFor } from './suggestions';
export { wordsFor } from './words';
export { applyLateLine } from './late-line';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The line read at this moment (the time decides whether a time alone on a list is today's or
 * tomorrow's), and a chip for each part: "Tomorrow", with "Keep “tomorrow” in the title".
 */
export function understand(
  text: string,
  options: Omit<ParseOptions, 'lists' | 'labels' | 'now' | 'people'> & { lists: readonly List[] | undefined; members: readonly Member[] | undefined; labels?: readonly Label[] },
): { result: QuickAddResult; chips: Chip[] } {
  const now = new Date();
  const { members, ...rest } = options;
  const opts: ParseOptions = { ...rest, lists: options.lists ?? [], labels: options.labels ?? [], people: peopleOf(members), now: `${pad(now.getHours())}:${pad(now.getMinutes())}` };
  const result = parseQuickAdd(text, opts);
  const chips = result.parts.map((part) => ({
    part,
    label: partLabel(part, result, opts, t),
    keep: keepLabelSaid(part, t),
    color: part.kind === 'list' ? options.lists?.find((l) => l.id === part.value.id)?.color : undefined,
  }));
  return { result, chips };
}

let peopleFrom: readonly Member[] | undefined;
let people: PersonRef[] = [];

/**
 * Whom "+name" may name (SPEC §13.2, §16): the members of shared lists (two or more members), each
 * by their display name, its first word and their e-mail's name. Made once per members array.
 */
export function peopleOf(members: readonly Member[] | undefined): PersonRef[] {
  if (members === peopleFrom) return people;
  peopleFrom = members;
  const count = new Map<string, number>();
  for (const m of members ?? []) count.set(m.list_id, (count.get(m.list_id) ?? 0) + 1);
  people = (members ?? [])
    .filter((m) => (count.get(m.list_id) ?? 0) > 1 && (m.email || m.display_name))
    .map((m) => ({ id: m.user_id, name: personName(m), listId: m.list_id, keys: personKeys(personName(m), m.email), color: personColor(m) }));
  return people;
}
