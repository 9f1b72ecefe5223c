// The data layer's React entry: live reads as hooks. Kept apart from '@/data' so the sync
// engine and the service worker, which import '@/data', load no React.
export { useDb } from './db/use-db';
export {
  useAllMembers,
  useAssignedTasks,
  useCommentCounts,
  useDayCounts,
  useDayCountsWithRepeats,
  useIdentity,
  useInvitations,
  useLastSyncedAt,
  useList,
  useListSharing,
  useListCommentCounts,
  useListStepCounts,
  useListTasks,
  useLists,
  useMembers,
  useNotifications,
  useNotifyLevels,
  useUnreadNotificationCount,
  useOpenTaskCounts,
  useOutboxCount,
  useProfile,
  usePendingMemberChanges,
  useRefused,
  useSearch,
  useStepCounts,
  useTask,
  useTaskComments,
  useTaskSteps,
  useTodayTasks,
  useUpcomingTasks,
  useUpcomingWithRepeats,
  useWeekTasks,
} from './read/hooks';
export type { WeekRead } from './read/week-queries';
export { useReminder, useReminderSchedule } from './reminders/hooks';
export { useLabels, useLabelsByTask } from './labels/hooks';
