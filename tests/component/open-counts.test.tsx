// Open tasks per list (src/data/live/open-counts.ts), as the sidebar, Lists and a list's subtitle show
// them: one live count per list, so a write re-counts only the list it touched.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb, lists, tasks } from '@/data';
import { useOpenTaskCounts } from '@/data/react';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();
afterEach(() => vi.restoreAllMocks());

function Counts({ names }: { names: Record<string, string> }) {
  const counts = useOpenTaskCounts();
  if (!counts) return <p>loading</p>;
  const shown = Object.entries(counts)
    .map(([id, n]) => `${names[id] ?? id}: ${n}`)
    .sort();
  return <p data-testid="counts">{shown.join(', ')}</p>;
}

/** The list id each index count asked IndexedDB about (the first part of its range). */
function watchCounts() {
  const asked: string[] = [];
  const count = IDBIndex.prototype.count;
  vi.spyOn(IDBIndex.prototype, 'count').mockImplementation(function (this: IDBIndex, range?: IDBValidKey | IDBKeyRange | null) {
    const lower = range instanceof IDBKeyRange ? range.lower : range;
    asked.push(Array.isArray(lower) ? String(lower[0]) : String(lower));
    return count.call(this, range ?? undefined);
  });
  return asked;
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

describe('open tasks per list', () => {
  it('counts each list, and a task added to one list re-counts that list alone', async () => {
    const inbox = (await getDb().lists.toArray())[0]!;
    const home = await lists.create({ name: 'Home', color: 'green' });
    const work = await lists.create({ name: 'Work', color: 'blue' });
    await tasks.create({ title: 'Paint the fence', list_id: home.id });
    const names = { [inbox.id]: 'Inbox', [home.id]: 'Home', [work.id]: 'Work' };
    render(<Counts names={names} />);
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 1, Inbox: 0, Work: 0'));

    // Dexie re-runs a query twice after the first write that follows its first read (its cache
    // made that read): a write to each list first, then the counts are watched.
    await act(() => tasks.create({ title: 'Warm up', list_id: work.id }));
    await act(() => tasks.create({ title: 'Warm up', list_id: home.id }));
    await settle();
    const asked = watchCounts();

    await act(() => tasks.create({ title: 'Buy nails', list_id: home.id }));
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 3, Inbox: 0, Work: 1'));
    await settle();
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([home.id]));
  });

  it('a new list joins at 0, ticking and moving a task move the counts, a deleted list leaves', async () => {
    const inbox = (await getDb().lists.toArray())[0]!;
    const home = await lists.create({ name: 'Home', color: 'green' });
    const fence = await tasks.create({ title: 'Paint the fence', list_id: home.id });
    const names: Record<string, string> = { [inbox.id]: 'Inbox', [home.id]: 'Home' };
    const view = render(<Counts names={names} />);
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 1, Inbox: 0'));

    const work = await act(() => lists.create({ name: 'Work', color: 'blue' }));
    names[work.id] = 'Work';
    view.rerender(<Counts names={{ ...names }} />);
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 1, Inbox: 0, Work: 0'));

    await act(() => tasks.move(fence.id, { list_id: work.id }));
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 0, Inbox: 0, Work: 1'));
    await act(() => tasks.setDone(fence.id, true));
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 0, Inbox: 0, Work: 0'));

    await act(() => lists.delete(home.id));
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent(/^Inbox: 0, Work: 0$/));
  });

  it('stops counting when its last reader goes, and the next reader loads afresh', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const names = { [home.id]: 'Home' };
    const first = render(<Counts names={names} />);
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 0'));
    first.unmount();

    const asked = watchCounts();
    await tasks.create({ title: 'Paint the fence', list_id: home.id });
    await settle();
    expect(asked).toEqual([]); // nobody reads: the write counted nothing

    render(<Counts names={names} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('counts')).toHaveTextContent('Home: 1'));
  });
});
