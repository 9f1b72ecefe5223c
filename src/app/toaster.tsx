// The one toast host (SPEC §9): bottom left, 5000 ms, at most 3 visible. react-hot-toast has
// no visible-count option, so the oldest visible toasts are dismissed when a fourth arrives.
import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;
export const TOAST_POSITION = 'bottom-left' as const;

function useVisibleToastCap(limit: number) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists newest first, so everything past `limit` is the oldest.
    for (const extra of toasts.filter((t) => t.visible).slice(limit)) toast.dismiss(extra.id);
  }, [toasts, limit]);
}

export function AppToaster() {
  useVisibleToastCap(TOAST_LIMIT);
  return (
    <Toaster
      position={TOAST_POSITION}
      containerClassName="toaster"
      containerStyle={{
        left: 'calc(var(--safe-left) + var(--space-4))',
        right: 'calc(var(--safe-right) + var(--space-4))',
        bottom: 'var(--toast-bottom)',
      }}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        className: 'toast',
        style: {
          maxWidth: 420,
          padding: 'var(--space-2) var(--space-2) var(--space-2) var(--space-4)',
          borderRadius: 'var(--radius)',
          background: 'var(--toast-bg)',
          color: 'var(--toast-text)',
          boxShadow: 'var(--shadow)',
          fontSize: 'var(--text-sm)',
        },
      }}
    />
  );
}
