// "Mine first" (SPEC §17): in shared lists Today and Upcoming show the tasks assigned to me or to
// nobody; "Everyone's tasks", kept on this device in localStorage like the week start, shows the
// rest too. The filter runs over the rows a screen's live query already holds, so the query
// itself stays on its date index.
import { localStore } from '@/lib/local-storage';

export const EVERYONE_KEY = 'daybook-everyones-tasks';
const CHANGED = 'daybook-everyones-tasks-changed';

export function getEveryonesTasks(): boolean {
  return localStore()?.getItem(EVERYONE_KEY) === 'on';
}

export function setEveryonesTasks(on: boolean): void {
  const store = localStore();
  if (on) store?.setItem(EVERYONE_KEY, 'on');
  else store?.removeItem(EVERYONE_KEY);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

/** Calls back when the setting changes, in this tab or another; returns the unsubscribe. */
export function onEveryonesTasksChange(callback: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === EVERYONE_KEY || e.key === null) callback();
  };
  window.addEventListener(CHANGED, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether a task shows when only mine are shown: unassigned, or assigned to me. Only shared lists
 * have assignees, so a personal list's tasks always pass. Signed out (no id) everything shows.
 */
export function isMineOrNobodys(task: { assignee?: string | null }, userId: string | undefined): boolean {
  return userId === undefined || task.assignee === null || task.assignee === undefined || task.assignee === userId;
}

/** The tasks that show: all of them with everyone's on, else mine and nobody's (the same array when nothing is hidden). */
export function mineFirst<T extends { assignee?: string | null }>(tasks: T[], userId: string | undefined, everyone: boolean): T[] {
  if (everyone || userId === undefined) return tasks;
  const kept = tasks.filter((t) => isMineOrNobodys(t, userId));
  return kept.length === tasks.length ? tasks : kept;
}
