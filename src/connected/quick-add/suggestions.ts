// '#' suggestions: while the caret follows a '#', the lists whose names start with what was typed
// after it, as a listbox under the field. Arrow keys move, Enter or Tab complete, Escape closes;
// focus stays in the field (aria-activedescendant), which stays a text box "New task" (SPEC §10).
// The first option is active unless the typed name already is a list, so Enter then still adds.
// No hooks: this is in the chunk loaded on demand, and the field keeps the little state it needs
// (SuggestUi) so that nothing changes in its hooks when the chunk arrives.
import type { KeyboardEvent } from 'react';
import type { List, Role } from '@/domain/model';
import { completeList, hashQueryAt, suggestLists } from '@/domain/quick-add';

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
  ui: SuggestUi;
  setUi: (ui: SuggestUi) => void;
  onComplete: (next: { text: string; caret: number }) => void;
}

export interface ListSuggestions {
  open: boolean;
  options: readonly List[];
  active: number;
  /** The active option's id, for the field's aria-activedescendant. */
  activeId: string | undefined;
  optionId: (index: number) => string;
  complete: (list: List) => void;
  /** Handles the key if the suggestions use it (then the field must not). */
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
}

export function suggestionsFor({ listboxId, text, caret, lists, sharing, ui, setUi, onComplete }: SuggestionsInput): ListSuggestions {
  const hash = caret === null ? null : hashQueryAt(text, caret);
  // A view-only list typed in full is still read; tasks.create refuses it at the field.
  const addable = (lists ?? []).filter((l) => sharing?.[l.id]?.role !== 'viewer');
  const options = hash ? suggestLists(addable, hash.query) : [];
  const key = hash ? `${hash.start}:${hash.query}` : '';
  const open = options.length > 0 && ui.closed !== key;
  const exact = open && options[0]?.name.toLowerCase() === hash?.query.toLowerCase();
  const active = !open ? -1 : ui.nav?.key === key ? ui.nav.index : exact ? -1 : 0;
  const optionId = (index: number) => `${listboxId}-${index}`;

  function complete(list: List) {
    if (hash && caret !== null) onComplete(completeList(text, hash, caret, list.name));
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

  return { open, options, active, activeId: active >= 0 ? optionId(active) : undefined, optionId, complete, onKeyDown };
}
