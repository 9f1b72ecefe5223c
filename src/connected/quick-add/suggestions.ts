// '#' and '+' suggestions: while the caret follows a '#', the lists whose names start with what was
// typed after it; after a '+', the members of the task's list whose names do (SPEC §16), by their
// whole names (so two who share a first name can both be picked). A listbox under the field. Arrow keys move, Enter or Tab complete, Escape closes;
// focus stays in the field (aria-activedescendant), which stays a text box "New task" (SPEC §10).
// The first option is active unless the typed name already is a list, so Enter then still adds.
// No hooks: this is in the chunk loaded on demand, and the field keeps the little state it needs
// (SuggestUi) so that nothing changes in its hooks when the chunk arrives.
import type { KeyboardEvent } from 'react';
import type { List, ListColor, Role } from '@/domain/model';
import { foldName } from '@/domain/people-keys';
import { completeList, hashQueryAt, type PersonRef, plusQueryAt, suggestLists, suggestPeople } from '@/domain/quick-add';

/** One option: a list, or a person (shown with their avatar). */
export interface SuggestOption {
  id: string;
  name: string;
  color: ListColor;
  person: boolean;
  /** A person's folded keys (what "+…" matches). */
  keys?: readonly string[];
}

/** What the user did to the suggestions: closed them for this query, or moved to an option. */
export interface SuggestUi {
  closed: string | null;
  nav: { key: string; index: number } | null;
}

interface SuggestionsInput {
  listboxId: string;
  text: string;
  /** The caret while the field has focus, else null (no suggestions). */
  caret: number | null;
  lists: readonly List[] | undefined;
  /** This person's role per list: view-only lists are not offered. */
  sharing: Readonly<Record<string, { role: Role | null }>> | undefined;
  /** Whom '+' may name, and the list the task goes to (only its members are offered). */
  people?: readonly PersonRef[];
  target?: string | null;
  ui: SuggestUi;
  setUi: (ui: SuggestUi) => void;
  onComplete: (next: { text: string; caret: number }) => void;
}

export interface ListSuggestions {
  open: boolean;
  /** What is offered: lists after '#', people after '+'. */
  kind: 'lists' | 'people';
  options: readonly SuggestOption[];
  active: number;
  /** The active option's id, for the field's aria-activedescendant. */
  activeId: string | undefined;
  optionId: (index: number) => string;
  complete: (option: SuggestOption) => void;
  /** Handles the key if the suggestions use it (then the field must not). */
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
}

export function suggestionsFor({ listboxId, text, caret, lists, sharing, people = [], target = null, ui, setUi, onComplete }: SuggestionsInput): ListSuggestions {
  const listHash = caret === null ? null : hashQueryAt(text, caret);
  const plus = caret === null || listHash ? null : plusQueryAt(text, caret);
  const hash = listHash ?? plus;
  // A view-only list typed in full is still read; tasks.create refuses it at the field.
  const addable = (lists ?? []).filter((l) => sharing?.[l.id]?.role !== 'viewer');
  const options: SuggestOption[] = listHash
    ? suggestLists(addable, listHash.query).map((l: List) => ({ id: l.id, name: l.name, color: l.color, person: false }))
    : plus
      ? suggestPeople(people, plus.query, target).map((p) => ({ id: p.id, name: p.name, color: (p.color ?? 'grey') as ListColor, person: true, keys: p.keys ?? [] }))
      : [];
  const key = hash ? `${hash.start}:${hash.query}` : '';
  const open = options.length > 0 && ui.closed !== key;
  // a name typed in full (a list, or the one member it names) leaves nothing chosen, so Enter adds
  const q = foldName(hash?.query ?? '');
  const exact =
    open &&
    (plus ? options.filter((o) => o.keys?.includes(q) || foldName(o.name) === q).length === 1 : options[0]?.name.toLowerCase() === hash?.query.toLowerCase());
  const active = !open ? -1 : ui.nav?.key === key ? ui.nav.index : exact ? -1 : 0;
  const optionId = (index: number) => `${listboxId}-${index}`;

  function complete(option: SuggestOption) {
    if (hash && caret !== null) onComplete(completeList(text, hash, caret, option.name));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Keys that pick a character in an input method (Enter ends a composition) are not ours.
    if (!open || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    const n = options.length;
    switch (e.key) {
      case 'ArrowDown':
        setUi({ ...ui, nav: { key, index: (active + 1) % n } });
        break;
      case 'ArrowUp':
        setUi({ ...ui, nav: { key, index: active <= 0 ? n - 1 : active - 1 } });
        break;
      case 'Enter':
      case 'Tab': {
        const chosen = options[active];
        if (!chosen || e.shiftKey) return;
        complete(chosen);
        break;
      }
      case 'Escape':
        setUi({ ...ui, closed: key });
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  return { open, kind: plus ? 'people' : 'lists', options, active, activeId: active >= 0 ? optionId(active) : undefined, optionId, complete, onKeyDown };
}
