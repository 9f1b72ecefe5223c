// The task dialog's "History" (SPEC §17): loaded from the server when opened (it needs a
// connection; offline it says so), newest first, 50 at a time with "Show more". "Restore this
// version" on an earlier title or notes is a plain task.update through the usual write path, so it
// syncs like any edit, with Undo in its toast.
import { useId, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { tasks } from '@/data';
import type { Task } from '@/domain/model';
import { type HistoryAnswer, loadSync } from '@/sync-status/load-sync';
import { type HistoryItem, HistoryList } from '@/ui/history-list';
import { showUndoToast } from '@/ui/toasts';
import { t } from './messages';

type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'ready'; entries: HistoryItem[]; more: boolean } | { kind: 'problem'; text: string };

export const PAGE = 50;

function problemText(answer: Exclude<HistoryAnswer, { ok: true }>): string {
  if (answer.problem === 'offline') return t('tasks.historyOffline');
  if (answer.problem === 'signed_out') return t('tasks.historySignedOut');
  return t('tasks.historyUnavailable');
}

async function fetchPage(taskId: string, before: number | null): Promise<HistoryAnswer> {
  const sync = await loadSync().catch(() => null);
  if (!sync) return { ok: false, problem: 'offline', message: 'offline' };
  return sync.history.task(taskId, before);
}

export function HistorySection({ task, viewOnly }: { task: Pick<Task, 'id' | 'title' | 'notes'>; viewOnly: boolean }) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'closed' });

  async function load(before: number | null) {
    if (before === null) setState({ kind: 'loading' });
    const answer = await fetchPage(task.id, before);
    if (!answer.ok) {
      setState({ kind: 'problem', text: problemText(answer) });
      return;
    }
    setState((prev) => ({
      kind: 'ready',
      entries: before !== null && prev.kind === 'ready' ? [...prev.entries, ...answer.entries] : answer.entries,
      more: answer.entries.length === PAGE,
    }));
  }

  async function restore(e: HistoryItem) {
    const field = e.kind === 'title' ? 'title' : 'notes';
    const earlier = String(e.before);
    const current = task[field];
    try {
      await tasks.update(task.id, { [field]: earlier });
    } catch (err) {
      reportWriteError(err);
      return;
    }
    showUndoToast(field === 'title' ? t('tasks.titleRestored') : t('tasks.notesRestored'), () => {
      tasks.update(task.id, { [field]: current }).catch(reportWriteError);
    });
    void load(null);
  }

  return (
    <details
      className="field history-field"
      onToggle={(ev) => {
        if (ev.currentTarget.open && state.kind === 'closed') void load(null);
      }}
    >
      <summary className="field-label" id={`${id}-label`}>
        {t('tasks.history')}
      </summary>
      {state.kind === 'loading' && <p className="comments-empty">{t('tasks.loading')}</p>}
      {state.kind === 'problem' && (
        <p className="comments-empty" role="status">
          {state.text}{' '}
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void load(null)}>
            {t('tasks.tryAgain')}
          </button>
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <HistoryList entries={state.entries} onRestore={viewOnly ? undefined : (e) => void restore(e)} />
          {state.more && (
            <button type="button" className="btn btn-sm" onClick={() => void load(state.entries[state.entries.length - 1]!.id)}>
              {t('tasks.showMore')}
            </button>
          )}
        </>
      )}
    </details>
  );
}
