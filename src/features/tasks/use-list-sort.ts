// A list screen's "Sort" (SPEC §18), kept per list on this device (not synced: it is how this
// screen is looked at here, not part of the list).
import { useCallback, useState } from 'react';
import { isListSort, type ListSort } from '@/domain/list-sort';
import { localStore } from '@/lib/local-storage';

const key = (listId: string) => `daybook:list-sort:${listId}`;

function stored(listId: string): ListSort {
  const value = localStore()?.getItem(key(listId));
  return isListSort(value) ? value : 'manual';
}

export function useListSort(listId: string): [ListSort, (sort: ListSort) => void] {
  const [state, setState] = useState(() => ({ listId, sort: stored(listId) }));
  // another list opened in the same screen: its own sort
  const current = state.listId === listId ? state.sort : stored(listId);
  if (state.listId !== listId) setState({ listId, sort: current });
  const set = useCallback(
    (sort: ListSort) => {
      setState({ listId, sort });
      const store = localStore();
      if (sort === 'manual') store?.removeItem(key(listId));
      else store?.setItem(key(listId), sort);
    },
    [listId],
  );
  return [current, set];
}
