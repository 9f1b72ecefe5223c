// Drag a task to another day with pointer events, so mouse, pen and touch share one path (as the
// list screen's reorder does). The drag starts on the row's handle (touch-action: none keeps the
// page from scrolling under a finger); the day under the pointer is the nearest element marked
// `data-week-day`, a column on a wide screen or a day of the phone's week strip. A cancelled
// pointer, or a drop outside any day, moves nothing.
import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';

export interface DayDrag {
  taskId: string;
  from: string;
  /** The day under the pointer, or null over no day. */
  over: string | null;
  dx: number;
  dy: number;
}

/** The day under a viewport point, looking through the dragged row (it follows the pointer). */
export function dayAt(x: number, y: number): string | null {
  const under = document.elementsFromPoint(x, y).find((el) => !el.closest('.is-drag-source'));
  return under?.closest<HTMLElement>('[data-week-day]')?.dataset.weekDay ?? null;
}

export function useDayDrag(onDrop: (taskId: string, from: string, to: string) => void) {
  const [drag, setDrag] = useState<DayDrag | null>(null);
  const current = useRef<DayDrag | null>(null);
  const start = useRef({ x: 0, y: 0 });
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const update = (next: DayDrag | null) => {
    current.current = next;
    setDrag(next);
  };

  function finish(commit: boolean) {
    const last = current.current;
    update(null);
    if (commit && last?.over && last.over !== last.from) onDropRef.current(last.taskId, last.from, last.over);
  }

  /** Spread onto the drag handle of the task's row under `date`. */
  function handleProps(taskId: string, date: string) {
    return {
      onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        start.current = { x: e.clientX, y: e.clientY };
        update({ taskId, from: date, over: date, dx: 0, dy: 0 });
      },
      onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
        const last = current.current;
        if (!last) return;
        update({ ...last, over: dayAt(e.clientX, e.clientY), dx: e.clientX - start.current.x, dy: e.clientY - start.current.y });
      },
      onPointerUp: () => finish(true),
      onPointerCancel: () => finish(false),
      onLostPointerCapture: () => {
        if (current.current) finish(false);
      },
    };
  }

  // one function for the screen's life (it reads only refs), so memoised columns stay put
  const latest = useRef(handleProps);
  latest.current = handleProps;
  const stableProps = useCallback((taskId: string, date: string) => latest.current(taskId, date), []);
  return { drag, handleProps: stableProps };
}
