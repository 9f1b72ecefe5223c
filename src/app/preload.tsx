// What the first screen leaves out but an offline device may need soon: the write path's chunks
// and the repeat words, fetched when the browser is first idle after the first screen is drawn.
import { useEffect } from 'react';
import { preloadWrites } from '@/data';
import { loadWords } from '@/ui/repeat-name';

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

export function Preload() {
  useEffect(
    () =>
      whenIdle(() => {
        // offline already: each loads again on first use; the words after, in a task of their own
        preloadWrites()
          .catch(() => {})
          .then(() => loadWords());
      }),
    [],
  );
  return null;
}
