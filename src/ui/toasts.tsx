// Toasts with an action button ("Undo", "Reload", "Review"); the action dismisses its toast.
import toast, { type Toast } from 'react-hot-toast';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function showToast(message: string, action?: ToastAction, options?: { id?: string; duration?: number }): string {
  return toast(
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
    options,
  );
}

export function showUndoToast(message: string, onUndo: () => void): string {
  return showToast(message, { label: 'Undo', onClick: onUndo });
}

export function showErrorToast(message: string): string {
  return toast.error(message);
}
