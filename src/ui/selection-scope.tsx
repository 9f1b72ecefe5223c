// A screen's selection, shared by its rows, its "Select" button and the bar (connected/bulk-bar):
// wrap the screen in <SelectionScope ids={the tasks shown, in order}>. Rows outside any scope
// (the task dialog's, search's) are plain rows.
import { createContext, type ReactNode, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { t } from './messages';
import { type SelectionSnapshot, SelectionStore } from './selection';

const SelectionContext = createContext<SelectionStore | null>(null);

/** `ids`: the tasks shown, in order — or leave it out and place <SelectionOrder> where they are known. */
export function SelectionScope({ ids, children }: { ids?: readonly string[]; children: ReactNode }) {
  const [store] = useState(() => new SelectionStore());
  return (
    <SelectionContext.Provider value={store}>
      {ids && <SelectionOrder ids={ids} />}
      {children}
    </SelectionContext.Provider>
  );
}

/** Tells the scope which tasks the screen shows, in order (Shift-click ranges, "Select all"). */
export function SelectionOrder({ ids }: { ids: readonly string[] }) {
  const store = useSelectionStore();
  useLayoutEffect(() => store?.setOrder(ids), [store, ids]);
  return null;
}

/** The screen's selection store, or null outside a scope. */
export function useSelectionStore(): SelectionStore | null {
  return useContext(SelectionContext);
}

const NONE: SelectionSnapshot = { active: false, ids: [] };
const noop = () => () => {};

/** Select mode and the selected ids, re-rendering when either changes. */
export function useSelectionSnapshot(): SelectionSnapshot {
  const store = useSelectionStore();
  return useSyncExternalStore(store?.subscribe ?? noop, store?.snapshot ?? (() => NONE));
}

/** One row's part: re-renders only when this row's state or select mode flips. */
export function useRowSelection(id: string): { store: SelectionStore; active: boolean; selected: boolean } | null {
  const store = useSelectionStore();
  const active = useSyncExternalStore(store?.subscribe ?? noop, () => store?.isActive() ?? false);
  const selected = useSyncExternalStore(store?.subscribe ?? noop, () => store?.isSelected(id) ?? false);
  return store ? { store, active, selected } : null;
}

/** The header button that starts select mode (and leaves it). */
export function SelectButton() {
  const store = useSelectionStore();
  const { active } = useSelectionSnapshot();
  if (!store) return null;
  return (
    <button type="button" className="btn btn-sm select-button" aria-pressed={active} onClick={() => (active ? store.cancel() : store.start())}>
      {t('ui.select')}
    </button>
  );
}
