// Live queries shared by key (src/data/live/shared-live.ts): every task row reads this user's identity
// and its list's members; sharing them keeps Dexie's per-write work from growing with the rows.
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, lists } from '@/data';
import { useSharedLive } from '@/data/live/shared-live';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

function counting() {
  const calls = { n: 0 };
  const query = () => {
    calls.n += 1;
    return getDb().lists.count();
  };
  return { calls, query };
}

function Reader({ id, query }: { id: number; query: () => Promise<number> }) {
  const count = useSharedLive(getDb(), 'list-count', query);
  return <p data-testid={`reader-${id}`}>{count === undefined ? 'loading' : `${count} lists`}</p>;
}

function readers(n: number, query: () => Promise<number>) {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  return (
    <div>
      {ids.map((id) => (
        <Reader key={id} id={id} query={query} />
      ))}
    </div>
  );
}

describe('a live query shared by key', () => {
  it('fifty readers run it once, and once again after a write it read', async () => {
    const base = await getDb().lists.count();
    const { calls, query } = counting();
    render(readers(50, query));
    await waitFor(() => expect(screen.getAllByText(`${base} lists`)).toHaveLength(50));
    expect(calls.n).toBe(1);

    await act(() => lists.create({ name: 'Garden', color: 'green' }));
    await waitFor(() => expect(screen.getAllByText(`${base + 1} lists`)).toHaveLength(50));
    expect(calls.n).toBe(2);
  });

  it('once its last reader has gone it stops; the next reader loads it afresh, never a stale value', async () => {
    const base = await getDb().lists.count();
    const { calls, query } = counting();
    const first = render(readers(3, query));
    await waitFor(() => expect(screen.getAllByText(`${base} lists`)).toHaveLength(3));
    first.unmount();

    await lists.create({ name: 'Garden', color: 'green' });
    expect(calls.n).toBe(1); // stopped: the write ran nothing

    render(<Reader id={9} query={query} />);
    expect(screen.getByTestId('reader-9')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('reader-9')).toHaveTextContent(`${base + 1} lists`));
  });
});
