// Drag to reorder with pointer events, so mouse, pen and touch share one path. The drag starts
// on a handle (touch-action: none keeps the page from scrolling under a finger); the drop slot
// is computed from the virtualizer's item offsets, so it works for rows that are not rendered.
import type { Virtualizer } from '@tanstack/react-virtual';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';

export interface DragState {
  /** Index of the row being dragged. */
  from: number;
  /** Slot it would drop into: 0 = before the first row … count = after the last. */
  slot: number;
  /** How far the pointer has moved the row from its place, in px (page scroll included). */
  dy: number;
}

const EDGE = 72; // px from the viewport edge where dragging scrolls the page
const MAX_SCROLL_STEP = 18;

export function usePointerReorder(
  virtualizer: Virtualizer<Window, HTMLLIElement>,
  onDrop: (from: number, slot: number) => void,
) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const pointerY = useRef(0);
  const startY = useRef(0);
  const frame = useRef(0);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const update = (next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  function slotAt(clientY: number): number {
    // Item offsets already include scrollMargin: they are page offsets, like this one.
    const offset = clientY + window.scrollY;
    const count = virtualizer.options.count;
    if (offset <= virtualizer.options.scrollMargin) return 0;
    const item = virtualizer.getVirtualItemForOffset(offset);
    if (!item) return count;
    return offset < item.start + item.size / 2 ? item.index : item.index + 1;
  }

  // While dragging near an edge, keep scrolling and keep the slot under the pointer current.
  function autoScroll() {
    const y = pointerY.current;
    const bottomEdge = window.innerHeight - EDGE;
    let step = 0;
    if (y < EDGE) step = -Math.ceil(((EDGE - y) / EDGE) * MAX_SCROLL_STEP);
    else if (y > bottomEdge) step = Math.ceil(((y - bottomEdge) / EDGE) * MAX_SCROLL_STEP);
    if (step !== 0) {
      window.scrollBy(0, step);
      const current = dragRef.current;
      if (current) update({ ...current, slot: slotAt(y), dy: y + window.scrollY - startY.current });
    }
    frame.current = requestAnimationFrame(autoScroll);
  }

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function finish(commit: boolean) {
    cancelAnimationFrame(frame.current);
    const current = dragRef.current;
    update(null);
    if (commit && current && current.slot !== current.from && current.slot !== current.from + 1) {
      onDropRef.current(current.from, current.slot);
    }
  }

  /** Spread onto the drag handle of row `index`. */
  function handleProps(index: number) {
    return {
      onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        pointerY.current = e.clientY;
        startY.current = e.clientY + window.scrollY;
        update({ from: index, slot: index, dy: 0 });
        cancelAnimationFrame(frame.current);
        frame.current = requestAnimationFrame(autoScroll);
      },
      onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
        const current = dragRef.current;
        if (!current) return;
        pointerY.current = e.clientY;
        update({ ...current, slot: slotAt(e.clientY), dy: e.clientY + window.scrollY - startY.current });
      },
      onPointerUp: () => finish(true),
      onPointerCancel: () => finish(false),
      onKeyDown: (e: React.KeyboardEvent) => {
        if (e.key === 'Escape' && dragRef.current) finish(false);
      },
    };
  }

  return { drag, handleProps };
}
