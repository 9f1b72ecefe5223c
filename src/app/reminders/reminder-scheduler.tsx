// The leader tab's reminders (SPEC §11.4): mounts the scheduler (./scheduler.ts) in the one tab
// that holds the sync lock — for a signed-out device, which has no sync, a lock of its own — and
// shows each reminder with `registration.showNotification` when notifications are allowed, else
// as a toast "Reminder: <title>" with "Open". Every tab also listens to the service worker: a
// click on a notification opens the task (or, for a push of several notifications, the
// notifications screen) here, and a notification button's write is synced now.
import { useEffect, useState } from 'react';
import { currentSync } from '@/sync-status/load-sync';
import { useSyncStatus } from '@/sync-status/use-sync-status';
import { LOCAL_DATABASE, loadReminderInputs, markReminderShown, observe } from '@/data';
import { useDb } from '@/data/react';
import { OPEN_TASK_MESSAGE, REMINDER_ACTED_MESSAGE, type ReminderNotification } from '@/domain/reminders/notification';
import { OPEN_NOTIFICATIONS_MESSAGE } from '@/domain/notification-push';
import { reminderPermission } from '@/lib/notification-permission';
import { getRemindAt, onRemindAtChange } from '@/domain/reminders/preference';
import { showToast } from '@/ui/toasts';
import { t } from '../messages';
import { router } from '../router';

const LOCAL_LOCK = 'daybook-reminders-local';
/** A reminder toast stays longer than routine ones: it may be the only sign of the reminder. */
const TOAST_MS = 60_000;

function openTask(taskId: string) {
  void router.navigate({ to: '/tasks/$taskId', params: { taskId } });
}

async function show(notification: ReminderNotification): Promise<void> {
  if (reminderPermission() === 'granted' && 'serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration) {
      await registration.showNotification(notification.title, notification.options);
      return;
    }
  }
  const { taskId } = notification.options.data;
  showToast(t('app.reminder', { title: notification.title }), { label: t('app.open'), onClick: () => openTask(taskId) }, { id: notification.options.tag, duration: TOAST_MS });
}

/** Whether this tab keeps the reminders: the sync leader, or (signed out) the holder of a lock of its own. */
function useReminderLeader(): boolean {
  const status = useSyncStatus();
  const local = status.account.state === 'local';
  const [localLeader, setLocalLeader] = useState(false);
  useEffect(() => {
    if (!local) return;
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) {
      setLocalLeader(true); // no Web Locks: every tab keeps them; the shown record stops doubles
      return () => setLocalLeader(false);
    }
    const controller = new AbortController();
    let release: (() => void) | null = null;
    locks
      .request(LOCAL_LOCK, { signal: controller.signal }, () => {
        setLocalLeader(true);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {}); // aborted on unmount
    return () => {
      controller.abort();
      release?.();
      setLocalLeader(false);
    };
  }, [local]);
  return local ? localLeader : status.leader;
}

export function ReminderScheduler() {
  const db = useDb();
  const leader = useReminderLeader();

  useEffect(() => {
    if (!leader) return;
    const userId = db.name === LOCAL_DATABASE ? null : db.name.replace(/^daybook-/, '');
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Loaded after the first paint: the schedule and its time-zone code are not needed to draw it.
    void import('./scheduler').then(({ startReminderScheduler }) => {
      if (cancelled) return;
      const scheduler = startReminderScheduler({
        observeInputs: (onInputs) => observe(() => loadReminderInputs(db), onInputs),
        now: () => Date.now(),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
        timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
        remindAt: getRemindAt,
        claim: (key) => markReminderShown(db, key),
        show,
        userId,
      });
      const unfollow = onRemindAtChange(scheduler.refresh);
      stop = () => {
        unfollow();
        scheduler.stop();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [db, leader]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: unknown; taskId?: unknown } | null;
      if (message?.type === OPEN_TASK_MESSAGE && typeof message.taskId === 'string') openTask(message.taskId);
      if (message?.type === OPEN_NOTIFICATIONS_MESSAGE) void router.navigate({ to: '/notifications' });
      if (message?.type === REMINDER_ACTED_MESSAGE) void currentSync()?.syncNow();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  return null;
}
