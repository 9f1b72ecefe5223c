// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Identity, lists, tasks } from '@/data';
import { useDayCounts, useList, useListTasks, useLists, useOpenTaskCounts, useOutboxCount, useSearch, useTask, useTodayTasks, useUpcomingTasks } from '@/data/react';
import { freshDb } from './helpers';

let me: Identity;
beforeEach(async () => {
  ({ identity: me } = await freshDb());
});

const strict = { wrapper: StrictMode };
// Without vitest globals, Testing Library cannot register its own cleanup; a hook left mounted
// would render after this file's jsdom window is gone.
afterEach(() => cleanup());

describe('live hooks under StrictMode', () => {
  it('start undefined, then follow writes', async () => {
    const { result } = renderHook(() => useListTasks(me.inboxId, 'open'), strict);
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual([]));

    const t = await act(() => tasks.create({ title: 'Live' }));
    await waitFor(() => expect(result.current?.map((x) => x.title)).toEqual(['Live']));
    await act(() => tasks.setDone(t.id, true));
    await waitFor(() => expect(result.current).toEqual([]));
  });

  it('re-query when their arguments change', async () => {
    const t = await tasks.create({ title: 'Filed' });
    await tasks.setDone(t.id, true);
    const { result, rerender } = renderHook(({ show }) => useListTasks(me.inboxId, show), {
      ...strict,
      initialProps: { show: 'open' as 'open' | 'done' },
    });
    await waitFor(() => expect(result.current).toEqual([]));
    rerender({ show: 'done' });
    await waitFor(() => expect(result.current?.map((x) => x.title)).toEqual(['Filed']));
  });

  it('give the screens what they show', async () => {
    const home = await lists.create({ name: 'Home' });
    const { result } = renderHook(
      () => ({
        lists: useLists(),
        home: useList(home.id),
        counts: useOpenTaskCounts(),
        today: useTodayTasks('2025-05-05'),
        upcoming: useUpcomingTasks('2025-05-05'),
        days: useDayCounts('2025-05-01', '2025-05-31'),
        search: useSearch('pai'),
        outbox: useOutboxCount(),
      }),
      strict,
    );
    await waitFor(() => expect(result.current.outbox).toBe(1));
    const t = await act(() => tasks.create({ title: 'Paint', list_id: home.id, due_date: '2025-05-06' }));
    await waitFor(() => expect(result.current.outbox).toBe(2));
    await waitFor(() => {
      expect(result.current.lists?.map((l) => l.name)).toEqual(['Inbox', 'Home']);
      expect(result.current.home?.name).toBe('Home');
      expect(result.current.counts).toEqual({ [me.inboxId]: 0, [home.id]: 1 });
      expect(result.current.today).toEqual({ overdue: [], today: [], deadline: [] });
      expect(result.current.upcoming?.map((x) => x.id)).toEqual([t.id]);
      expect(result.current.days).toEqual({ '2025-05-06': 1 });
      expect(result.current.search?.map((x) => x.id)).toEqual([t.id]);
    });

    await act(() => lists.delete(home.id));
    await waitFor(() => {
      expect(result.current.home).toBeNull();
      expect(result.current.lists?.map((l) => l.name)).toEqual(['Inbox']);
      expect(result.current.upcoming).toEqual([]);
      expect(result.current.days).toEqual({});
    });
  });

  it('useTask turns null when the task is deleted', async () => {
    const t = await tasks.create({ title: 'Bye' });
    const { result } = renderHook(() => useTask(t.id), strict);
    await waitFor(() => expect(result.current?.title).toBe('Bye'));
    await act(() => tasks.delete(t.id));
    await waitFor(() => expect(result.current).toBeNull());
  });
});
