// Drag to reorder a short list that is fully rendered (the task dialog's steps), with pointer
// events so mouse, pen and touch share one path. The drag starts on a handle (touch-action: none
// keeps the dialog from scrolling under a finger); the drop slot comes from the rows' boxes. Long
// virtualised lists use use-pointer-reorder.ts instead. A cancelled pointer drops nothing.
// Keyboard users move rows with Alt+Arrow keys, so the handle is for pointers only.
import { type PointerEvent as ReactPointerEvent, type RefObject, useRef, useState } from 'react';

export interface ListDrag {
  /** Index of the row being dragged. */
  from: number;
  /** Slot it would drop into: 0 = before the first row … count = after the last. */
  slot: number;
  /** How far the pointer has moved from where the drag started, in px. */
  dy: number;
}

/** Whether dropping into `slot` would leave the row where it is. */
export const staysPut = ({ from, slot }: ListDrag) => slot === from || slot === from + 1;

export function useListDrag(list: RefObject<HTMLElement | null>, onDrop: (from: number, slot: number) => void) {
  const [drag, setDrag] = useState<ListDrag | null>(null);
  const current = useRef<ListDrag | null>(null);
  const startY = useRef(0);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const update = (next: ListDrag | null) => {
    current.current = next;
    setDrag(next);
  };

  /** The slot under clientY: before the first row whose middle is below it, else after the last. */
  function slotAt(clientY: number, from: number, dy: number): number {
    const rows = Array.from(list.current?.children ?? []);
    for (let i = 0; i < rows.length; i++) {
      const box = (rows[i] as HTMLElement).getBoundingClientRect();
      // The dragged row is drawn moved by dy: measure it where it was.
      const top = i === from ? box.top - dy : box.top;
      if (clientY < top + box.height / 2) return i;
    }
    return rows.length;
  }

  function finish(commit: boolean) {
    const last = current.current;
    update(null);
    if (commit && last && !staysPut(last)) onDropRef.current(last.from, last.slot);
  }

  /** Spread onto the drag handle of row `index`. */
  function handleProps(index: number) {
    return {
      onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        startY.current = e.clientY;
        update({ from: index, slot: index, dy: 0 });
      },
      onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
        const was = current.current;
        if (!was) return;
        const dy = e.clientY - startY.current;
        update({ from: was.from, slot: slotAt(e.clientY, was.from, was.dy), dy });
      },
      onPointerUp: () => finish(true),
      onPointerCancel: () => finish(false),
    };
  }

  return { drag, handleProps };
}
