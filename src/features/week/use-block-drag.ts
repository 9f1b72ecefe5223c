// Dragging a timeline block with pointer events (mouse, pen and touch alike): by its grip to move
// it, by its bottom edge to change its length, both snapped to 15-minute steps and kept inside the
// day and inside 15 minutes … 8 hours. A cancelled pointer changes nothing.
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import type { Task } from '@/domain/model';
import { DEFAULT_BLOCK_MIN, DURATION_MAX, DURATION_MIN, minutesOf } from '@/domain/week';

/** Pixels per hour on the grid. */
export const HOUR_PX = 48;
const STEP = 15;
const DAY = 24 * 60;

export type BlockDrag = { taskId: string; kind: 'move'; start: number } | { taskId: string; kind: 'resize'; length: number };
export type BlockChange = { kind: 'move'; start: number } | { kind: 'resize'; length: number };

const snap = (minutes: number) => Math.round(minutes / STEP) * STEP;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export function useBlockDrag(onChange: (task: Task, change: BlockChange) => void) {
  const [drag, setDrag] = useState<BlockDrag | null>(null);
  const current = useRef<{ task: Task; drag: BlockDrag; changed: boolean } | null>(null);
  const startY = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const set = (task: Task, next: BlockDrag, changed: boolean) => {
    current.current = { task, drag: next, changed };
    setDrag(next);
  };

  function finish(commit: boolean) {
    const last = current.current;
    current.current = null;
    setDrag(null);
    if (!commit || !last?.changed) return;
    const d = last.drag;
    onChangeRef.current(last.task, d.kind === 'move' ? { kind: 'move', start: d.start } : { kind: 'resize', length: d.length });
  }

  function props(task: Task, kind: 'move' | 'resize') {
    const start = minutesOf(task.due_time ?? '00:00');
    const length = task.duration_min ?? DEFAULT_BLOCK_MIN;
    return {
      onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        startY.current = e.clientY;
        set(task, kind === 'move' ? { taskId: task.id, kind, start } : { taskId: task.id, kind, length }, false);
      },
      onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
        if (!current.current) return;
        const minutes = snap(((e.clientY - startY.current) / HOUR_PX) * 60);
        if (kind === 'move') {
          const next = clamp(start + minutes, 0, DAY - STEP);
          set(task, { taskId: task.id, kind, start: next }, next !== start);
        } else {
          const next = clamp(length + minutes, DURATION_MIN, DURATION_MAX);
          set(task, { taskId: task.id, kind, length: next }, next !== (task.duration_min ?? null));
        }
      },
      onPointerUp: () => finish(true),
      onPointerCancel: () => finish(false),
    };
  }

  return { drag, moveProps: (task: Task) => props(task, 'move'), resizeProps: (task: Task) => props(task, 'resize') };
}
