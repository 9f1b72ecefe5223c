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
import { type BulkDone, bulkDoneMessage, skippedMessage } from './bulk-messages';
import { reportWriteError } from './write-error';
import './bulk-bar.css';

type Sheet = 'date' | 'list' | 'priority' | 'labels' | 'assignee';

const SHEET_TITLES: Record<Sheet, string> = { date: 'Date', list: 'List', priority: 'Priority', labels: 'Labels', assignee: 'Assignee' };

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
    if (skipped) showErrorToast(`Nothing changed — ${skipped}`);
    return true;
  }
  const message = bulkDoneMessage(done, result.changed);
  showToast(skipped ? `${message} · ${skipped}` : message, {
    label: 'Undo',
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
      {SHEET_TITLES[name]}
    </button>
  );
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Selected tasks">
      <div className="bulk-bar-count">
        <span role="status">{`${formatCount(count)} selected`}</span>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => store.selectAll()}>
          Select all
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
          Complete
        </button>
        <button type="button" className="btn btn-sm btn-danger" disabled={none || tooMany} onClick={() => void act({ kind: 'delete' }, { kind: 'delete' })}>
          Delete
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => store.cancel()}>
          Cancel
        </button>
      </div>
      {sheet && (
        <DialogShell frame="sheet" onOpenChange={(open) => !open && setSheet(null)} title={`${SHEET_TITLES[sheet]} for ${count === 1 ? '1 task' : `${formatCount(count)} tasks`}`}>
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
      <ul className="bulk-choices" aria-label="Priority">
        {([3, 2, 1, 0] as Priority[]).map((p) => (
          <Choice key={p} onClick={() => void act({ kind: 'priority', priority: p }, { kind: 'priority', name: PRIORITY_NAMES[p] })}>
            {PRIORITY_NAMES[p]}
          </Choice>
        ))}
      </ul>
    );
  }
  if (sheet === 'list') {
    return (
      <ul className="bulk-choices" aria-label="Lists">
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
    if (live.length === 0) return <p>No labels yet: make them on the Lists screen, under "Labels".</p>;
    return (
      <ul className="bulk-choices" aria-label="Labels">
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
  if (identity && !people.has(identity.userId)) people.set(identity.userId, 'Me');
  return (
    <ul className="bulk-choices" aria-label="Assignee">
      <Choice onClick={() => void act({ kind: 'assignee', assignee: null }, { kind: 'assignee', name: null })}>Nobody</Choice>
      {[...people].map(([id, name]) => (
        <Choice key={id} onClick={() => void act({ kind: 'assignee', assignee: id }, { kind: 'assignee', name })}>
          {name}
        </Choice>
      ))}
    </ul>
  );
}
