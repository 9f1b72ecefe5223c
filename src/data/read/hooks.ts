// Live reads for React. Each returns `undefined` while the first result loads, then re-renders
// when a write touches the index range it read, or when the current database is switched.
import { useLive } from '../live/use-live';
import type { AppNotification, NotifyLevel } from '@/domain/model';
import { notifyLevels, recentNotifications, unreadNotificationCount } from './notification-queries';
import type { Comment, Invitation, List, Member, RefusedEntry, Step, Task } from '@/domain/model';
import { listStepCounts, type StepCount, stepCounts, taskSteps } from './step-queries';
import { commentCounts, listCommentCounts, taskComments } from './comment-queries';
import { useDb } from '../db/use-db';
import { useOpenCounts } from '../live/open-counts';
import { useSharedLive } from '../live/shared-live';
import { getLastSyncedAt } from '../sync/meta';
import type { Identity } from '../db/identity';
import type { Profile } from '@/domain/people';
import {
  dayCounts,
  dayCountsWithRepeats,
  getIdentity,
  getList,
  getTask,
  listLists,
  type ListSharing,
  listMembers,
  listSharing,
  myInvitations,
  myProfile,
  listTasks,
  outboxCount,
  type PendingMemberChanges,
  pendingMemberChanges,
  refusedEntries,
  type Show,
  searchTasks,
  type TodayGroups,
  todayTasks,
  upcomingTasks,
  assignedTasks,
  upcomingWithRepeats,
} from './queries';
import { type WeekRead, weekTasks } from './week-queries';

/** Shared by every reader (each task row asks, for its role). */
export function useIdentity(): Identity | undefined {
  const db = useDb();
  return useSharedLive(db, 'identity', () => getIdentity(db));
}

export function useLists(): List[] | undefined {
  const db = useDb();
  return useLive(db, () => listLists(db), [db]);
}

export function useList(id: string): List | null | undefined {
  const db = useDb();
  return useLive(db, () => getList(id, db), [db, id]);
}

/** Open tasks per live list, one live count per list (./open-counts.ts). */
export function useOpenTaskCounts(): Record<string, number> | undefined {
  return useOpenCounts(useDb());
}

export function useListTasks(listId: string, show: Show = 'open'): Task[] | undefined {
  const db = useDb();
  return useLive(db, () => listTasks(listId, show, db), [db, listId, show]);
}

export function useTodayTasks(today: string): TodayGroups | undefined {
  const db = useDb();
  return useLive(db, () => todayTasks(today, db), [db, today]);
}

export function useAssignedTasks(userId: string | undefined): Task[] | undefined {
  const db = useDb();
  return useLive(db, () => (userId ? assignedTasks(userId, db) : []), [db, userId]);
}

export function useUpcomingTasks(from: string, days = 14): Task[] | undefined {
  const db = useDb();
  return useLive(db, () => upcomingTasks(from, days, db), [db, from, days]);
}

export function useDayCounts(fromDate: string, toDate: string): Record<string, number> | undefined {
  const db = useDb();
  return useLive(db, () => dayCounts(fromDate, toDate, db), [db, fromDate, toDate]);
}

export function useTask(id: string): Task | null | undefined {
  const db = useDb();
  return useLive(db, () => getTask(id, db), [db, id]);
}

export function useSearch(query: string): Task[] | undefined {
  const db = useDb();
  return useLive(db, () => searchTasks(query, db), [db, query]);
}

/** Shared by every reader of the list (each of its task rows asks, for its role). */
export function useMembers(listId: string): Member[] | undefined {
  const db = useDb();
  return useSharedLive(db, `members:${listId}`, () => listMembers(listId, db));
}

/** Every membership row on the device (whom quick add's "+name" may name). */
export function useAllMembers(): Member[] | undefined {
  const db = useDb();
  return useLive(db, () => db.members.toArray(), [db]);
}

/** Member count and this user's role for every live list (for shared markers and role checks). */
export function useListSharing(): Record<string, ListSharing> | undefined {
  const db = useDb();
  return useLive(db, () => listSharing(db), [db]);
}

export function usePendingMemberChanges(listId: string): PendingMemberChanges | undefined {
  const db = useDb();
  return useLive(db, () => pendingMemberChanges(listId, db), [db, listId]);
}

/** The person's own profile (null: none on this device yet). */
export function useProfile(): Profile | null | undefined {
  const db = useDb();
  return useLive(db, () => myProfile(db), [db]);
}

/** The invitations this device holds (to the person, and on lists they own). */
export function useInvitations(): Invitation[] | undefined {
  const db = useDb();
  return useLive(db, () => myInvitations(db), [db]);
}

export function useOutboxCount(): number | undefined {
  const db = useDb();
  return useLive(db, () => outboxCount(db), [db]);
}

export function useRefused(): RefusedEntry[] | undefined {
  const db = useDb();
  return useLive(db, () => refusedEntries(db), [db]);
}

export function useLastSyncedAt(): string | null | undefined {
  const db = useDb();
  return useLive(db, () => getLastSyncedAt(db), [db]);
}

/** The task's live steps in manual order (the task dialog's checklist). */
export function useTaskSteps(taskId: string): Step[] | undefined {
  const db = useDb();
  return useLive(db, () => taskSteps(taskId, db), [db, taskId]);
}

/** done/total per task of the list that has steps (one query for a list screen's rows). */
export function useListStepCounts(listId: string): Record<string, StepCount> | undefined {
  const db = useDb();
  return useLive(db, () => listStepCounts(listId, db), [db, listId]);
}

/** done/total per task of `taskIds` that has steps (one query for a screen's rows that mix lists). */
export function useStepCounts(taskIds: readonly string[]): Record<string, StepCount> | undefined {
  const db = useDb();
  const key = taskIds.join(',');
  // `key` stands for the ids: callers pass a new array each render.
  return useLive(db, () => stepCounts(taskIds, db), [db, key]);
}

/** The task's live comments, oldest first. */
export function useTaskComments(taskId: string): Comment[] | undefined {
  const db = useDb();
  return useLive(db, () => taskComments(taskId, db), [db, taskId]);
}

/** Live comments per task of the list that has any (one key range for a list screen's rows). */
export function useListCommentCounts(listId: string): Record<string, number> | undefined {
  const db = useDb();
  return useLive(db, () => listCommentCounts(listId, db), [db, listId]);
}

/** Live comments per task of `taskIds` that has any (screens whose rows mix lists). */
export function useCommentCounts(taskIds: readonly string[]): Record<string, number> | undefined {
  const db = useDb();
  const key = taskIds.join(',');
  return useLive(db, () => commentCounts(taskIds, db), [db, key]);
}

/** Upcoming's days: open tasks due in [from, from + days) and the repeating tasks that may recur then (one live read). */
export function useUpcomingWithRepeats(from: string, days: number): { due: Task[]; repeating: Task[] } | undefined {
  const db = useDb();
  return useLive(db, () => upcomingWithRepeats(from, days, db), [db, from, days]);
}

/** The calendar's plain counts in [from, to] and the repeating tasks that may recur then (one live read). */
export function useDayCountsWithRepeats(from: string, to: string): { counts: Record<string, number>; repeating: Task[] } | undefined {
  const db = useDb();
  return useLive(db, () => dayCountsWithRepeats(from, to, db), [db, from, to]);
}

/** The week's days (SPEC §18): due, repeating and deadline tasks of [from, from + days), in one live read. */
export function useWeekTasks(from: string, days = 7): WeekRead | undefined {
  const db = useDb();
  return useLive(db, () => weekTasks(from, days, db), [db, from, days]);
}

/** The person's notifications, newest first. */
export function useNotifications(): AppNotification[] | undefined {
  const db = useDb();
  return useLive(db, () => recentNotifications(db), [db]);
}

/** How many of the person's notifications are unread (index keys only). */
export function useUnreadNotificationCount(): number | undefined {
  const db = useDb();
  return useLive(db, () => unreadNotificationCount(db), [db]);
}

/** The person's notification level per list id (none: all). */
export function useNotifyLevels(): Record<string, NotifyLevel> | undefined {
  const db = useDb();
  return useLive(db, () => notifyLevels(db), [db]);
}
