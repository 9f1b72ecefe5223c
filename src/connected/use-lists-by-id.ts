import { useMemo } from 'react';
import { useLists } from '@/data/react';
import type { List } from '@/domain/model';

/** Live lists keyed by id, for rows that show their list's colour and name. */
export function useListsById(): Map<string, List> {
  const lists = useLists();
  return useMemo(() => new Map((lists ?? []).map((l) => [l.id, l])), [lists]);
}
