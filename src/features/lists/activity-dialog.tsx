// A list's "Activity" (SPEC §17, /lists/$listId/activity), over the list: what everyone did to
// its tasks and who joined and left, newest first, 50 at a time with "Show more". Read from the
// server, so it needs a connection; offline it says so.
import { useEffect, useState } from 'react';
import { useList } from '@/data/react';
import { type HistoryAnswer, loadSync } from '@/sync-status/load-sync';
import { DialogShell } from '@/ui/dialog-shell';
import { type HistoryItem, HistoryList } from '@/ui/history-list';
import { t } from './messages';

type State = { kind: 'loading' } | { kind: 'ready'; entries: HistoryItem[]; more: boolean } | { kind: 'problem'; text: string };

function problemText(answer: Exclude<HistoryAnswer, { ok: true }>): string {
  if (answer.problem === 'offline') return t('lists.activityOffline');
  if (answer.problem === 'signed_out') return t('lists.activitySignedOut');
  return t('lists.activityUnavailable');
}

export function ActivityDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const list = useList(listId);
  const [state, setState] = useState<State>({ kind: 'loading' });

  async function load(before: number | null) {
    const sync = await loadSync().catch(() => null);
    const answer: HistoryAnswer = sync ? await sync.history.list(listId, before) : { ok: false, problem: 'offline', message: 'offline' };
    if (!answer.ok) {
      setState({ kind: 'problem', text: problemText(answer) });
      return;
    }
    setState((prev) => ({
      kind: 'ready',
      entries: before !== null && prev.kind === 'ready' ? [...prev.entries, ...answer.entries] : answer.entries,
      more: answer.entries.length === 50,
    }));
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per list
  useEffect(() => {
    void load(null);
  }, [listId]);

  return (
    <DialogShell
      frame="panel"
      title={list ? t('lists.activityIn', { name: list.name }) : t('lists.activity')}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="activity-body">
        {state.kind === 'loading' && <p>{t('lists.loading')}</p>}
        {state.kind === 'problem' && (
          <p role="status">
            {state.text}{' '}
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => void load(null)}>
              {t('lists.tryAgain')}
            </button>
          </p>
        )}
        {state.kind === 'ready' && state.entries.length === 0 && <p>{t('lists.activityEmpty')}</p>}
        {state.kind === 'ready' && (
          <>
            <HistoryList entries={state.entries} withTask />
            {state.more && (
              <button type="button" className="btn btn-sm" onClick={() => void load(state.entries[state.entries.length - 1]!.id)}>
                {t('lists.showMore')}
              </button>
            )}
          </>
        )}
      </div>
    </DialogShell>
  );
}
