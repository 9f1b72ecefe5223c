// The "Everyone's tasks" switch of Today and Upcoming and the filter it drives (SPEC §17 "Mine
// first"): the person's id from the identity, the choice from this device.
import { useSyncExternalStore } from 'react';
import { useIdentity } from '@/data/react';
import { getEveryonesTasks, onEveryonesTasksChange, setEveryonesTasks } from '@/domain/mine-first';
import { t } from './messages';

export interface MineFirst {
  userId: string | undefined;
  everyone: boolean;
}

export function useMineFirst(): MineFirst {
  const identity = useIdentity();
  const everyone = useSyncExternalStore(onEveryonesTasksChange, getEveryonesTasks, () => false);
  return { userId: identity?.userId, everyone };
}

/** A pressed/unpressed button: its name stays "Everyone's tasks", its state says which is shown. */
export function EveryonesTasksToggle({ everyone }: { everyone: boolean }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm" aria-pressed={everyone} onClick={() => setEveryonesTasks(!everyone)}>
      {t('connected.everyonesTasks')}
    </button>
  );
}
