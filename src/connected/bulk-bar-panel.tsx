// The bar a screen in select mode shows (loaded when select mode starts: ./bulk-bar.tsx) (SPEC §18 "Many at once"): "<n> selected", then "Date",
// "List", "Priority", "Labels", "Assignee" (each a sheet of choices), "Complete", "Delete" and
// "Cancel". One choice changes every selected task in one transaction (data's `bulk.edit`); one
// toast says what happened, with one Undo for all of it. Any screen inside a SelectionScope can
// place it; it reads the selection from there.
import { type ReactNode, useState } from 'react';
import { BULK_LIMIT, BULK_TOO_MANY, type BulkAction, bulk } from '@/data';
import { useAllMembers, useIdentity, useLists } from '@/data/react';
import { useLabels } from '@/data/react';
import type { Priority } from '@/domain/model';
import { DateChoices } from '@/ui/date-choices';
import { DialogShell } from '@/ui/dialog-shell';
import { formatCount, PRIORITY_NAMES } from '@/ui/format';
import { useSelectionSnapshot, useSelectionStore } from '@/ui/selection-scope';
import { showErrorToast, showToast } from '@/ui/toasts';
import { useToday } from '@/ui/use-today';
import { type BulkDone, bulkDoneMessage, skippedMessage, taskCount } from './bulk-messages';
import { t } from './bulk-bar/messages';
import { reportWriteError } from './write-error';
import './bulk-bar.css';

type Sheet = 'date' | 'list' | 'priority' | 'labels' | 'assignee';

const SHEET_TITLES = { date: 'bulkBar.date', list: 'bulkBar.list', priority: 'bulkBar.priority', labels: 'bulkBar.labels', assignee: 'bulkBar.assignee' } as const satisfies Record<Sheet, string>;

/** Runs one action over `ids` and tells the outcome; Undo takes all of it back in one transaction. */
export async function runBulk(ids: readonly string[], action: BulkAction, done: BulkDone): Promise<boolean> {
  let result: Awaited<ReturnType<typeof bulk.edit>>;
  try {
    result = await bulk.edit(ids, action);
  } catch (err) {
    reportWriteError(err);
    return false;
  }
  const skipped = skippedMessage(result);
  if (result.changed === 0) {
    if (skipped) showErrorToast(t('bulkBar.nothingChanged', { skipped }));
    return true;
  }
  const message = bulkDoneMessage(done, result.changed);
  showToast(skipped ? `${message} · ${skipped}` : message, {
    label: t('bulkBar.undo'),
    onClick: () => {
      bulk.undo(result).catch(reportWriteError);
    },
  });
  return true;
}

export default function BulkBarPanel() {
  const store = useSelectionStore();
  const { active, ids } = useSelectionSnapshot();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  if (!store || !active) return null;
  const count = ids.length;
  const tooMany = count > BULK_LIMIT;
  const none = count === 0;
  const act = async (action: BulkAction, done: BulkDone) => {
    setSheet(null);
    if (await runBulk(ids, action, done)) store.cancel();
  };
  const sheetButton = (name: Sheet) => (
    <button type="button" className="btn btn-sm" disabled={none || tooMany} onClick={() => setSheet(name)}>
      {t(SHEET_TITLES[name])}
    </button>
  );
  return (
    <div className="bulk-bar" role="toolbar" aria-label={t('bulkBar.selectedTasks')}>
      <div className="bulk-bar-count">
        <span role="status">{t('bulkBar.selected', { count: formatCount(count) })}</span>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => store.selectAll()}>
          {t('bulkBar.selectAll')}
        </button>
      </div>
      {tooMany && <p className="bulk-bar-limit">{BULK_TOO_MANY}</p>}
      <div className="bulk-bar-actions">
        {sheetButton('date')}
        {sheetButton('list')}
        {sheetButton('priority')}
        {sheetButton('labels')}
        {sheetButton('assignee')}
        <button type="button" className="btn btn-sm" disabled={none || tooMany} onClick={() => void act({ kind: 'complete' }, { kind: 'complete' })}>
          {t('bulkBar.complete')}
        </button>
        <button type="button" className="btn btn-sm btn-danger" disabled={none || tooMany} onClick={() => void act({ kind: 'delete' }, { kind: 'delete' })}>
          {t('bulkBar.delete')}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => store.cancel()}>
          {t('bulkBar.cancel')}
        </button>
      </div>
      {sheet && (
        <DialogShell frame="sheet" onOpenChange={(open) => !open && setSheet(null)} title={t('bulkBar.sheetTitle', { sheet: t(SHEET_TITLES[sheet]), tasks: taskCount(count) })}>
          <BulkChoices sheet={sheet} act={act} />
        </DialogShell>
      )}
    </div>
  );
}

function Choice({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <li>
      <button type="button" className="btn bulk-choice" onClick={onClick}>
        {children}
      </button>
    </li>
  );
}

function BulkChoices({ sheet, act }: { sheet: Sheet; act: (action: BulkAction, done: BulkDone) => Promise<void> }) {
  const today = useToday();
  const lists = useLists();
  const labels = useLabels();
  const members = useAllMembers();
  const identity = useIdentity();
  if (sheet === 'date') {
    return <DateChoices value={null} today={today} autoFocus onSelect={(iso) => void act({ kind: 'date', due_date: iso }, { kind: 'date', due_date: iso, today })} />;
  }
  if (sheet === 'priority') {
    return (
      <ul className="bulk-choices" aria-label={t('bulkBar.priority')}>
        {([3, 2, 1, 0] as Priority[]).map((p) => (
          <Choice key={p} onClick={() => void act({ kind: 'priority', priority: p }, { kind: 'priority', priority: p })}>
            {PRIORITY_NAMES[p]}
          </Choice>
        ))}
      </ul>
    );
  }
  if (sheet === 'list') {
    return (
      <ul className="bulk-choices" aria-label={t('bulkBar.lists')}>
        {(lists ?? []).map((l) => (
          <Choice key={l.id} onClick={() => void act({ kind: 'list', list_id: l.id }, { kind: 'list', name: l.name })}>
            <span className="list-dot" aria-hidden="true" style={{ background: `var(--list-${l.color})` }} />
            {l.name}
          </Choice>
        ))}
      </ul>
    );
  }
  if (sheet === 'labels') {
    const live = (labels ?? []).filter((l) => !l.deleted_at);
    if (live.length === 0) return <p>{t('bulkBar.noLabels')}</p>;
    return (
      <ul className="bulk-choices" aria-label={t('bulkBar.labels')}>
        {live.map((l) => (
          <Choice key={l.id} onClick={() => void act({ kind: 'label', label_id: l.id }, { kind: 'label', name: l.name })}>
            {l.name}
          </Choice>
        ))}
      </ul>
    );
  }
  // assignee: nobody, then each person on any list (the lists each task is in decide; others are skipped)
  const people = new Map<string, string>();
  for (const m of members ?? []) if (!people.has(m.user_id)) people.set(m.user_id, m.email);
  if (identity && !people.has(identity.userId)) people.set(identity.userId, t('bulkBar.me'));
  return (
    <ul className="bulk-choices" aria-label={t('bulkBar.assignee')}>
      <Choice onClick={() => void act({ kind: 'assignee', assignee: null }, { kind: 'assignee', name: null })}>{t('bulkBar.nobody')}</Choice>
      {[...people].map(([id, name]) => (
        <Choice key={id} onClick={() => void act({ kind: 'assignee', assignee: id }, { kind: 'assignee', name })}>
          {name}
        </Choice>
      ))}
    </ul>
  );
}
