// A toast with an Undo button (SPEC §4: Undo for 5 s).
import toast from 'react-hot-toast';

export function toastWithUndo(message: string, onUndo: () => Promise<unknown>) {
  toast(
    (t) => (
      <span className="lists-toast">
        <span>{message}</span>
        <button
          type="button"
          className="lists-toast-action"
          onClick={() => {
            toast.dismiss(t.id);
            onUndo().catch((err: unknown) => {
              toast.error(err instanceof Error ? err.message : "Couldn't undo");
            });
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: 5000 },
  );
}
