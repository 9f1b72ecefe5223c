// "@" in a comment's text suggests the list's members (SPEC §17): while the word before the caret
// starts with "@", the members whose name holds what follows it are offered in a listbox; picking
// one puts "@name " in the text and remembers the pick, which becomes a mention token when the
// comment is sent (domain/mentions.ts). The text box keeps focus throughout (aria-activedescendant).
import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { Member } from '@/domain/model';
import { memberName } from '@/ui/member-name';

export interface Pick {
  name: string;
  userId: string;
}

interface Query {
  /** Where the "@" is in the text. */
  start: number;
  text: string;
}

const MAX_SHOWN = 6;

/** The "@word" the caret is at the end of, if any. */
function queryAt(value: string, caret: number): Query | null {
  const m = /(^|\s)@([^\s@]{0,40})$/.exec(value.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, text: m[2]! } : null;
}

export function useMentionSuggest(
  field: RefObject<HTMLTextAreaElement | null>,
  members: readonly Member[],
  me: string | undefined,
  value: string,
  setValue: (next: string) => void,
) {
  const [query, setQuery] = useState<Query | null>(null);
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<Pick[]>([]);
  // where the caret goes once a pick's text is in the box (before the next key reaches it)
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    field.current?.setSelectionRange(at, at);
  });

  const needle = query?.text.toLowerCase() ?? '';
  const options = query
    ? members
        .filter((m) => m.user_id !== me)
        .map((m) => ({ name: memberName(m), userId: m.user_id }))
        .filter((o) => o.name.toLowerCase().includes(needle))
        .slice(0, MAX_SHOWN)
    : [];
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);

  /** After the text or the caret moved: what the caret is at now. */
  function sync(nextValue: string, caret: number | null) {
    const q = caret === null ? null : queryAt(nextValue, caret);
    setQuery(q);
    if (q?.text !== query?.text) setActive(0);
  }

  function pick(option: Pick) {
    if (!query) return;
    const el = field.current;
    const caret = el?.selectionStart ?? value.length;
    const inserted = `@${option.name} `;
    const next = value.slice(0, query.start) + inserted + value.slice(caret);
    setValue(next);
    setPicked((p) => [...p, option]);
    setQuery(null);
    caretAfterPick.current = query.start + inserted.length;
  }

  /** Keys the suggestions take while open; true when one was taken. */
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
      return true;
    }
    if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey) || e.key === 'Tab') {
      e.preventDefault();
      pick(options[current]!);
      return true;
    }
    return false;
  }

  /** Escape closes the suggestions (and nothing else); true when they were open. */
  function dismiss(): boolean {
    if (!open) return false;
    setQuery(null);
    return true;
  }

  return { options, open, current, picked, setPicked, sync, pick, onKeyDown, dismiss };
}
