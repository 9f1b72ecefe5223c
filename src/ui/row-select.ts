// How a task row is selected without its box (SPEC §18): Shift-click selects the range from the
// last one, Ctrl/Cmd-click adds or removes one, a long press on a touch screen selects it, and in
// select mode a click on the row's text selects instead of opening the task.
import { type MouseEvent, type PointerEvent, useRef } from 'react';
import type { SelectionStore } from './selection';

const LONG_PRESS_MS = 500;
const MOVE_SLOP_PX = 10;

/** Controls of the row that keep their own click (completing, moving, the select box itself). */
const OWN_CLICK = 'input, button, .drag-handle';

export function useRowSelectGestures(id: string, selection: { store: SelectionStore; active: boolean } | null) {
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const pressed = useRef(false);
  if (!selection) return {};
  const { store, active } = selection;
  const endPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return {
    onClickCapture(e: MouseEvent<HTMLLIElement>) {
      const target = e.target as HTMLElement;
      if (pressed.current) {
        // the click that ends a long press
        pressed.current = false;
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (target.closest(OWN_CLICK)) {
        if (e.shiftKey && target.classList.contains('task-select')) {
          e.preventDefault();
          store.extendTo(id);
        }
        return;
      }
      if (e.shiftKey) store.extendTo(id);
      else if (e.ctrlKey || e.metaKey || active) store.toggle(id);
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    onPointerDown(e: PointerEvent<HTMLLIElement>) {
      pressed.current = false;
      if (e.pointerType === 'mouse' || (e.target as HTMLElement).closest(OWN_CLICK)) return;
      endPress();
      const timer = setTimeout(() => {
        press.current = null;
        pressed.current = true;
        store.toggle(id, true);
      }, LONG_PRESS_MS);
      press.current = { timer, x: e.clientX, y: e.clientY };
    },
    onPointerMove(e: PointerEvent<HTMLLIElement>) {
      const p = press.current;
      if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > MOVE_SLOP_PX) endPress();
    },
    onPointerUp: endPress,
    onPointerCancel: endPress,
    onContextMenu(e: MouseEvent<HTMLLIElement>) {
      // a long press on a phone opens the link's menu; the press selects instead
      if (pressed.current || press.current) e.preventDefault();
    },
  };
}
