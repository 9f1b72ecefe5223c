import { useEffect, useRef, useState } from 'react';

/**
 * What the user typed into a field, separate from the stored value. The draft follows the
 * stored value (e.g. a change synced from another device) only while the field is neither
 * focused nor refused, so nothing typed is overwritten or lost.
 */
export function useFieldDraft<T>(stored: T) {
  const [draft, setDraft] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current && error === null) setDraft(stored);
  }, [stored, error]);
  return {
    draft,
    setDraft,
    error,
    setError,
    focusProps: {
      onFocus: () => {
        focused.current = true;
      },
    },
    markBlurred: () => {
      focused.current = false;
    },
  };
}
