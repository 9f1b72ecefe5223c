// The selection of a task screen (SPEC §18 "Many at once"): which tasks are selected, in the
// screen's order, and whether the screen is in select mode. A small store outside React so a
// row re-renders only when its own "selected" flips, not on every change of the selection.
// One store per screen (SelectionScope); the bar and the rows read it, any screen may host it.

/** The ids from `a` to `b` inclusive, in `order` (either way round); just `b` when `a` is not shown. */
export function rangeBetween(order: readonly string[], a: string | null, b: string): string[] {
  const to = order.indexOf(b);
  const from = a === null ? -1 : order.indexOf(a);
  if (to < 0) return [];
  if (from < 0) return [b];
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return order.slice(lo, hi + 1);
}

export interface SelectionSnapshot {
  active: boolean;
  /** Selected ids in the screen's order. */
  ids: readonly string[];
}

export class SelectionStore {
  private selected = new Set<string>();
  private anchor: string | null = null;
  private order: readonly string[] = [];
  private active = false;
  private listeners = new Set<() => void>();
  private snap: SelectionSnapshot = { active: false, ids: [] };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stable between changes (for useSyncExternalStore). */
  snapshot = (): SelectionSnapshot => this.snap;

  isSelected = (id: string): boolean => this.selected.has(id);
  isActive = (): boolean => this.active;

  /** The tasks the screen shows, in order; selected tasks that left the screen are let go. */
  setOrder(order: readonly string[]): void {
    this.order = order;
    const shown = new Set(order);
    let dropped = false;
    for (const id of this.selected) {
      if (!shown.has(id)) {
        this.selected.delete(id);
        dropped = true;
      }
    }
    if (dropped) this.emit();
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.emit();
  }

  /** Leaves select mode with nothing selected. */
  cancel(): void {
    if (!this.active && this.selected.size === 0) return;
    this.active = false;
    this.selected.clear();
    this.anchor = null;
    this.emit();
  }

  /** Selects or lets go of one task (Ctrl-click, `x`, a long press, its box); enters select mode. */
  toggle(id: string, on = !this.selected.has(id)): void {
    if (on) this.selected.add(id);
    else this.selected.delete(id);
    this.anchor = id;
    this.active = true;
    this.emit();
  }

  /** Shift-click: everything from the last toggled task to this one is selected. */
  extendTo(id: string): void {
    for (const x of rangeBetween(this.order, this.anchor, id)) this.selected.add(x);
    this.anchor = id;
    this.active = true;
    this.emit();
  }

  selectAll(): void {
    for (const id of this.order) this.selected.add(id);
    this.active = true;
    this.emit();
  }

  private emit(): void {
    const inOrder = this.order.filter((id) => this.selected.has(id));
    // selected ids the order does not know yet (a screen before its first setOrder) stay, at the end
    const known = new Set(inOrder);
    this.snap = { active: this.active, ids: [...inOrder, ...[...this.selected].filter((id) => !known.has(id))] };
    for (const listener of this.listeners) listener();
  }
}
