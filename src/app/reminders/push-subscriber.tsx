// Keeps this device's Web Push subscription (./push-subscription.ts) in step with the signed-in
// account, the notification permission (granted when a first reminder is set), the zone and
// "Remind at". Renders nothing.
import { useEffect } from 'react';
import { useSyncStatus } from '@/sync-status/use-sync-status';
import { onRemindAtChange } from '@/domain/reminders/preference';

export function PushSubscriber() {
  const account = useSyncStatus().account;
  const userId = account.state === 'signed-in' ? account.userId : null;

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const sync = () => {
      if (cancelled) return;
      void import('./push-subscription')
        .then((m) => m.syncPushSubscription(userId))
        .catch((err: unknown) => console.warn('Reminders by push could not be set up', err));
    };
    sync();
    const unfollow = onRemindAtChange(sync);
    let status: PermissionStatus | null = null;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', sync);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      unfollow();
      status?.removeEventListener('change', sync);
    };
  }, [userId]);

  return null;
}
