import { describe, expect, it, vi } from 'vitest';
import { rangeBetween, SelectionStore } from '@/ui/selection';

describe('selection model', () => {
  it('ranges either way round, and from nothing to one', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(rangeBetween(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(order, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(order, null, 'c')).toEqual(['c']);
    expect(rangeBetween(order, 'gone', 'c')).toEqual(['c']);
    expect(rangeBetween(order, 'a', 'gone')).toEqual([]);
  });

  it('toggles, extends from the last toggled, selects all, and keeps the screen order', () => {
    const s = new SelectionStore();
    s.setOrder(['a', 'b', 'c', 'd', 'e']);
    expect(s.snapshot()).toEqual({ active: false, ids: [] });
    s.toggle('d');
    expect(s.snapshot()).toEqual({ active: true, ids: ['d'] });
    s.extendTo('b');
    expect(s.snapshot().ids).toEqual(['b', 'c', 'd']);
    s.toggle('c');
    expect(s.snapshot().ids).toEqual(['b', 'd']);
    s.selectAll();
    expect(s.snapshot().ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    s.cancel();
    expect(s.snapshot()).toEqual({ active: false, ids: [] });
  });

  it('lets go of tasks that leave the screen, and tells listeners only on change', () => {
    const s = new SelectionStore();
    const heard = vi.fn();
    s.subscribe(heard);
    s.setOrder(['a', 'b']);
    expect(heard).not.toHaveBeenCalled();
    s.toggle('a');
    s.toggle('b');
    heard.mockClear();
    const before = s.snapshot();
    s.setOrder(['b', 'c']);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(s.snapshot().ids).toEqual(['b']);
    expect(s.snapshot()).not.toBe(before);
    // a snapshot is stable while nothing changes
    expect(s.snapshot()).toBe(s.snapshot());
  });

  it('starts select mode with nothing selected', () => {
    const s = new SelectionStore();
    s.start();
    expect(s.snapshot()).toEqual({ active: true, ids: [] });
    expect(s.isActive()).toBe(true);
  });
});
