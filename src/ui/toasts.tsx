// Toasts with an action button ("Undo", "Reload", "Review"); the action dismisses its toast.
//
// react-hot-toast is not part of the first screen: it loads with the first toast (or with the
// toaster, once the first screen is drawn). A toast asked for before then is shown as soon as
// the library is there, in the order asked; its id is decided here, so callers get it at once.
import type { Toast } from 'react-hot-toast';
import { t as say } from './messages';

type ToastFn = typeof import('react-hot-toast').default;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

let library: ToastFn | undefined;
let loading: Promise<ToastFn> | undefined;
let lastId = 0;

/** Loads react-hot-toast once; the toaster and every toast share the one store it holds. */
export function loadToastLibrary(): Promise<ToastFn> {
  loading ??= import('react-hot-toast').then((m) => {
    library = m.default;
    return m.default;
  });
  return loading;
}

function withLibrary(run: (toast: ToastFn) => void): void {
  if (library) run(library);
  else void loadToastLibrary().then(run);
}

export function showToast(message: string, action?: ToastAction, options?: { id?: string; duration?: number }): string {
  const id = options?.id ?? `toast-${++lastId}`;
  withLibrary((toast) =>
    toast(
      (t: Toast) => (
        <span className="toast-body">
          <span className="toast-message">{message}</span>
          {action && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                toast.dismiss(t.id);
                action.onClick();
              }}
            >
              {action.label}
            </button>
          )}
        </span>
      ),
      { ...options, id },
    ),
  );
  return id;
}

export function showUndoToast(message: string, onUndo: () => void): string {
  return showToast(message, { label: say('ui.undo'), onClick: onUndo });
}

export function showErrorToast(message: string): string {
  const id = `toast-${++lastId}`;
  withLibrary((toast) => toast.error(message, { id }));
  return id;
}
