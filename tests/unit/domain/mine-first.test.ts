import { describe, expect, it } from 'vitest';
import { isMineOrNobodys, mineFirst } from '@/domain/mine-first';

const me = 'u-me';
const tasks = [
  { id: 'a', assignee: null },
  { id: 'b', assignee: me },
  { id: 'c', assignee: 'u-other' },
  { id: 'd' },
];

describe('mine first', () => {
  it('keeps my tasks and nobody’s, hides others’ unless everyone’s is on', () => {
    expect(mineFirst(tasks, me, false).map((t) => t.id)).toEqual(['a', 'b', 'd']);
    expect(mineFirst(tasks, me, true)).toBe(tasks);
    expect(isMineOrNobodys({ assignee: 'u-other' }, me)).toBe(false);
  });

  it('returns the same array when nothing is hidden, and everything signed out', () => {
    const mine = tasks.slice(0, 2);
    expect(mineFirst(mine, me, false)).toBe(mine);
    expect(mineFirst(tasks, undefined, false)).toBe(tasks);
  });
});
