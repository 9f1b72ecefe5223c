// One list's tasks, virtualised against the window scroll so 10,000 rows stay smooth, with
// manual order: drag the handle (pointer: mouse or touch), "Move up"/"Move down" buttons,
// or Alt+ArrowUp/ArrowDown on a focused row. Each move is announced in a live region.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, useLayoutEffect, useRef, useState } from 'react';
import { type MoveTarget, tasks as taskWrites } from '@/data';
import { useLabelsByTask, useListCommentCounts, useListStepCounts, useMembers } from '@/data/react';
import { DownIcon, GripIcon, UpIcon } from '@/ui/icons-more';
import { useAnnouncer } from '@/ui/live-region';
import { setTaskDone } from '@/connected/task-actions';
import { assigneeName } from '@/connected/task-row';
import { reportWriteError } from '@/connected/write-error';
import { TaskRowView } from '@/ui/task-row';
import type { List, Task } from '@/domain/model';
import { usePointerReorder } from './use-pointer-reorder';
import { t } from './messages';

interface VirtualTaskListProps {
  tasks: Task[];
  list: List;
  today: string;
  viewOnly: boolean;
  /** The on-screen note that says why a view-only list can't be changed. */
  viewOnlyNoteId?: string;
  /** Rows may be dragged and moved (only in the list's manual order). */
  reorderable?: boolean;
}

const ESTIMATED_ROW = 58;

/** Where `moving` goes so that it ends up in `slot` of `rows` (slot counts rows before it). */
export function moveTargetForSlot(rows: readonly Pick<Task, 'id'>[], from: number, slot: number): MoveTarget {
  const others = rows.filter((_, i) => i !== from);
  const at = slot > from ? slot - 1 : slot;
  const prev = others[at - 1];
  const next = others[at];
  if (prev) return { after: prev.id };
  if (next) return { before: next.id };
  return {};
}

/**
 * Memoised: the list screen re-renders on every open-count change (its subtitle), and each of the
 * rows on screen would render again with it.
 */
export const VirtualTaskList = memo(function VirtualTaskList({ tasks, list, today, viewOnly, viewOnlyNoteId, reorderable = true }: VirtualTaskListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const { announce, region } = useAnnouncer();
  // one query for the whole list's "done/total" (only steps' writes re-run it)
  const stepCounts = useListStepCounts(list.id);
  // and its comment counts, from index keys alone (only comments' writes re-run it)
  const commentCounts = useListCommentCounts(list.id);
  const members = useMembers(list.id);
  const labelsByTask = useLabelsByTask();

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    // The header above can change height (wrapping, errors), which moves the list.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (el.parentElement) observer?.observe(el.parentElement);
    return () => observer?.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: tasks.length,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => tasks[index]?.id ?? index,
  });

  async function move(from: number, slot: number, refocus?: string) {
    const task = tasks[from];
    if (!task) return;
    try {
      await taskWrites.move(task.id, moveTargetForSlot(tasks, from, slot));
    } catch (err) {
      reportWriteError(err);
      return;
    }
    const to = slot > from ? slot - 1 : slot;
    announce(t('tasks.moved', { title: task.title, position: to + 1, total: tasks.length }));
    virtualizer.scrollToIndex(to, { align: 'auto' });
    if (refocus) {
      // Reordering can move the row's DOM node, which drops focus; put it back.
      requestAnimationFrame(() => {
        const row = document.querySelector(`[data-task-id="${task.id}"]`);
        // Only where focus was dropped or stayed in the row: never taken from where the person
        // has moved it meanwhile (the write and its frame take a moment).
        const now = document.activeElement;
        if (now && now !== document.body && !row?.contains(now)) return;
        const wanted = row?.querySelector<HTMLButtonElement | HTMLElement>(refocus);
        // At the top or bottom the pressed button is now disabled; its sibling takes focus.
        const fallback = row?.querySelector<HTMLElement>('.move-buttons button:not(:disabled)');
        (wanted && !(wanted as HTMLButtonElement).disabled ? wanted : fallback)?.focus();
      });
    }
  }

  const { drag, handleProps } = usePointerReorder(virtualizer, (from, slot) => void move(from, slot));

  function onRowKeyDown(e: KeyboardEvent<HTMLLIElement>, index: number) {
    if (viewOnly || !reorderable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const target = e.target as HTMLElement;
    const refocus = target.classList.contains('task-title') ? '.task-title' : '.task-check';
    if (e.key === 'ArrowUp' && index > 0) void move(index, index - 1, refocus);
    if (e.key === 'ArrowDown' && index < tasks.length - 1) void move(index, index + 2, refocus);
  }

  const items = virtualizer.getVirtualItems();
  const dropLine =
    drag && drag.slot !== drag.from && drag.slot !== drag.from + 1
      ? (virtualizer.measurementsCache[drag.slot]?.start ??
          virtualizer.measurementsCache[drag.slot - 1]?.end ??
          0) - scrollMargin
      : null;

  return (
    <>
      <ul
        ref={listRef}
        className={drag ? 'task-list virtual-list is-dragging' : 'task-list virtual-list'}
        aria-label={t('tasks.listTasks', { name: list.name })}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const task = tasks[item.index];
          if (!task) return null;
          const index = item.index;
          return (
            <TaskRowView
              key={task.id}
              ref={virtualizer.measureElement}
              data-index={index}
              data-task-id={task.id}
              aria-setsize={tasks.length}
              aria-posinset={index + 1}
              className={drag?.from === index ? 'virtual-row is-drag-source' : 'virtual-row'}
              // The dragged row follows the pointer; the others stay put under the drop line.
              style={{ transform: `translateY(${item.start - scrollMargin + (drag?.from === index ? drag.dy : 0)}px)` }}
              task={task}
              list={list}
              today={today}
              viewOnly={viewOnly}
              onDoneChange={(done) => void setTaskDone(task, done)}
              viewOnlyNoteId={viewOnlyNoteId}
              steps={stepCounts?.[task.id]}
              comments={commentCounts?.[task.id]}
              assignee={assigneeName(task, members)}
              labels={labelsByTask?.get(task.id)}
              onKeyDown={(e) => onRowKeyDown(e, index)}
              leading={reorderable ? <div className="drag-handle" aria-hidden="true" {...handleProps(index)}><GripIcon /></div> : undefined}
              trailing={
                reorderable && <div className="move-buttons">
                  <button
                    type="button"
                    className="icon-btn move-up"
                    aria-label={t('tasks.moveUp')}
                    disabled={index === 0}
                    onClick={() => void move(index, index - 1, '.move-up')}
                  >
                    <UpIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-btn move-down"
                    aria-label={t('tasks.moveDown')}
                    disabled={index === tasks.length - 1}
                    onClick={() => void move(index, index + 2, '.move-down')}
                  >
                    <DownIcon />
                  </button>
                </div>
              }
            />
          );
        })}
        {dropLine !== null && (
          <li className="drop-line" aria-hidden="true" style={{ transform: `translateY(${Math.max(0, dropLine - 1)}px)` }} />
        )}
      </ul>
      {region}
    </>
  );
});
