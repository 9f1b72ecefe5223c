import { type ChangeEvent, useEffect, useRef, useState } from 'react';

/**
 * What the user typed into a field, separate from the stored value. The draft follows the
 * stored value (e.g. a change synced from another device) only while the field is neither
 * focused nor refused, so nothing typed is overwritten or lost.
 */
export function useFieldDraft(stored: string) {
  const [draft, setDraft] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current && error === null) setDraft(stored);
  }, [stored, error]);
  const markBlurred = () => {
    focused.current = false;
  };
  return {
    draft,
    setDraft,
    error,
    setError,
    markBlurred,
    /** Binds a text field to the draft: typing edits it, and leaving the field runs `save`. */
    inputProps: (save: () => void) => ({
      value: draft,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.target.value),
      onFocus: () => {
        focused.current = true;
      },
      onBlur: () => {
        markBlurred();
        save();
      },
    }),
  };
}

export type FieldDraft = ReturnType<typeof useFieldDraft>;
