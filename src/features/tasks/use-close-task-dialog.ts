import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Closing the task dialog goes back to the screen it was opened over. With no history to go
 * back to (a deep link opened directly), `fallback` runs instead.
 */
export function useCloseTaskDialog(fallback: () => void): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else fallback();
  }, [router, fallback]);
}
