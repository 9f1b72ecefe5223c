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
import { t } from './messages';

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
      reportWriteError(err, { unexpected: t('syncCenter.couldntQueue') });
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
      showErrorToast(t('syncCenter.couldntDiscard'));
      setBusy(false);
    }
  }

  async function copy() {
    if (await copyText(text)) showToast(t('syncCenter.copied'), undefined, { id: 'sync-copied' });
    else setManualCopy(true);
  }

  return (
    <li className="sync-refused-item" aria-labelledby={`${id}-what`}>
      <p id={`${id}-what`} className="sync-change">
        {description}
      </p>
      <p className="sync-reason">{refusalSentence(entry.error)}</p>
      <p className="sync-meta">
        {t('syncCenter.refused')} <time dateTime={entry.refused_at}>{absoluteTime(entry.refused_at)}</time>
      </p>
      {manualCopy && (
        <div className="field">
          <label htmlFor={`${id}-text`} className="field-label">
            {t('syncCenter.manualCopy')}
          </label>
          <textarea id={`${id}-text`} className="input" readOnly value={text} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      <div className="sync-item-actions">
        {canRetry && (
          <button type="button" className="btn btn-sm" aria-describedby={`${id}-what`} aria-disabled={busy || undefined} onClick={retry}>
            {t('syncCenter.retry')}
          </button>
        )}
        <button type="button" className="btn btn-sm" aria-describedby={`${id}-what`} onClick={copy}>
          {t('syncCenter.copyText')}
        </button>
        <button
          ref={discardButton}
          type="button"
          className="btn btn-sm btn-danger"
          aria-describedby={`${id}-what`}
          aria-disabled={busy || undefined}
          onClick={() => !busy && setConfirming(true)}
        >
          {t('syncCenter.discard')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('syncCenter.discardTitle')}
        description={t('syncCenter.discardText', { what: description })}
        confirmLabel={t('syncCenter.discardChange')}
        onConfirm={discard}
        busy={busy}
        returnFocus={discardButton}
      />
    </li>
  );
}
