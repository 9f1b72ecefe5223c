// The select-mode bar's light part, on every task screen: the bar itself, its sheets, the date
// picker and the bulk writes load when select mode starts (./bulk-bar-panel.tsx), so the first
// screen carries none of them.
import { lazy, Suspense } from 'react';
import type { BulkAction } from '@/data';
import { useSelectionSnapshot, useSelectionStore } from '@/ui/selection-scope';
import type { BulkDone } from './bulk-messages';

const Panel = lazy(() => import('./bulk-bar-panel'));

export function BulkBar() {
  const store = useSelectionStore();
  const { active } = useSelectionSnapshot();
  if (!store || !active) return null;
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}

/** One action over many tasks with its toast and Undo (see bulk-bar-panel.tsx). */
export async function runBulk(ids: readonly string[], action: BulkAction, done: BulkDone): Promise<boolean> {
  return (await import('./bulk-bar-panel')).runBulk(ids, action, done);
}
