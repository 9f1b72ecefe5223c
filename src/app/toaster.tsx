// The one toast host (SPEC §9): bottom left, 5000 ms, at most 3 visible. react-hot-toast has
// no visible-count option, so the oldest visible toasts are dismissed when a fourth arrives.
import { type CSSProperties, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { type Toast, ToastBar, Toaster, toast, useToasterStore } from 'react-hot-toast';
import { useToastHost } from '@/ui/toast-layer';
import { useMediaQuery } from '@/ui/use-media-query';

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

/** react-hot-toast's entrance; a toast older than this has played it already. */
const ENTRANCE_MS = 350;

function barStyle(t: Toast, alreadyIn: boolean, reducedMotion: boolean): CSSProperties | undefined {
  // react-hot-toast still fades toasts in and out under reduced motion; ours just appear and go.
  if (reducedMotion) return { animation: 'none', opacity: t.visible ? 1 : 0 };
  return alreadyIn && t.visible ? { animation: 'none' } : undefined;
}

/**
 * The toaster moves into an open dialog and back (toast-layer.ts), which mounts its toasts
 * afresh: a toast already on screen keeps still instead of fading in a second time.
 *
 * A dismissed toast stays mounted for about a second while it fades out; from the moment it is
 * dismissed it is hidden from assistive technology and inert, so neither a screen reader nor Tab
 * nor a fast click reaches an "Undo" the user no longer sees. The slot has no box of its own
 * (display: contents in toast.css), so the bar lays out as before.
 */
function AppToastBar({ toast: t }: { toast: Toast }) {
  const [alreadyIn] = useState(() => Date.now() - t.createdAt > ENTRANCE_MS);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', false);
  return (
    <div className="toast-slot" aria-hidden={t.visible ? undefined : true} inert={!t.visible}>
      <ToastBar toast={t} position={TOAST_POSITION} style={barStyle(t, alreadyIn, reducedMotion)} />
    </div>
  );
}

export function AppToaster() {
  useVisibleToastCap(TOAST_LIMIT);
  const host = useToastHost();
  return createPortal(
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
    >
      {(t) => <AppToastBar toast={t} />}
    </Toaster>,
    host ?? document.body,
  );
}
