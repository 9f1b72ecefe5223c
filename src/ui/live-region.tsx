import { useCallback, useState } from 'react';

/**
 * A polite live region for announcing results of actions that move things (e.g. reordering).
 * Render `region` once; call `announce(text)`.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    // Re-announce identical text: clear first, set on the next frame.
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  const region = (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
  return { announce, region };
}
