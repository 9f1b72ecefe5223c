// One change the server refused: what it was, the server's reason, and what the user can do —
// send it again, copy the text it carried, or discard it (after saying yes: it can't come back).
// A change refused as stale (a completion computed from a repeat another device has changed)
// is not offered again: sent again it carries the same old rule and is refused again; the reason
// says to complete the task again instead.
import { useId, useRef, useState } from 'react';
import { changeText, describeChange, refusalSentence, type Subjects } from '@/sync-status/change-text';
import { reportWriteError } from '@/connected/write-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { showErrorToast, showToast } from '@/ui/toasts';
import { discardRefused, retryRefused } from '@/data/sync';
import { absoluteTime } from '@/lib/relative-time';
import type { RefusedEntry } from '@/domain/model';
import { copyText } from './copy-text';

export interface RefusedItemProps {
  entry: RefusedEntry;
  subjects: Subjects;
  /** After a retry is queued: send it now. */
  onRetried: (description: string) => void;
  onDiscarded: (description: string) => void;
}

export function RefusedItem({ entry, subjects, onRetried, onDiscarded }: RefusedItemProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [manualCopy, setManualCopy] = useState(false);
  const discardButton = useRef<HTMLButtonElement>(null);
  const description = describeChange(entry, subjects);
  const text = changeText(entry, subjects);
  const canRetry = entry.error.code !== 'stale';

  async function retry() {
    if (busy) return;
    setBusy(true);
    try {
      await retryRefused(entry.id);
      onRetried(description);
    } catch (err) {
      reportWriteError(err, { unexpected: "Couldn't queue the change again" });
      setBusy(false);
    }
  }

  async function discard() {
    setBusy(true);
    try {
      await discardRefused(entry.id);
      setConfirming(false);
      onDiscarded(description);
    } catch (err) {
      console.error(err);
      showErrorToast("Couldn't discard the change");
      setBusy(false);
    }
  }

  async function copy() {
    if (await copyText(text)) showToast('Copied to the clipboard', undefined, { id: 'sync-copied' });
    else setManualCopy(true);
  }

  return (
    <li className="sync-refused-item" aria-labelledby={`${id}-what`}>
      <p id={`${id}-what`} className="sync-change">
        {description}
      </p>
      <p className="sync-reason">{refusalSentence(entry.error)}</p>
      <p className="sync-meta">
        Refused <time dateTime={entry.refused_at}>{absoluteTime(entry.refused_at)}</time>
      </p>
      {manualCopy && (
        <div className="field">
          <label htmlFor={`${id}-text`} className="field-label">
            Text of this change (the browser wouldn’t copy it — select it here)
          </label>
          <textarea id={`${id}-text`} className="input" readOnly value={text} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      <div className="sync-item-actions">
        {canRetry && (
          <button type="button" className="btn btn-sm" aria-describedby={`${id}-what`} aria-disabled={busy || undefined} onClick={retry}>
            Retry
          </button>
        )}
        <button type="button" className="btn btn-sm" aria-describedby={`${id}-what`} onClick={copy}>
          Copy text
        </button>
        <button
          ref={discardButton}
          type="button"
          className="btn btn-sm btn-danger"
          aria-describedby={`${id}-what`}
          aria-disabled={busy || undefined}
          onClick={() => !busy && setConfirming(true)}
        >
          Discard
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this change?"
        description={`“${description}” won’t be synced and can’t be brought back. Copy its text first if you want to keep it.`}
        confirmLabel="Discard change"
        onConfirm={discard}
        busy={busy}
        returnFocus={discardButton}
      />
    </li>
  );
}
