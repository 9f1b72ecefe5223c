// "Get them on this device" (SPEC §17: notifications arrive as pushes where the device has push on,
// §11.4): until now permission was asked only when a first reminder was set, so someone who never
// set one never got a push. Shown while the person is signed in, the device can take pushes and
// notifications were never answered; the button asks within the person's gesture, and the app's
// push subscriber (src/app/reminders) registers the device once they allow it.
import { useState } from 'react';
import { askReminderPermission, reminderPermission } from '@/lib/notification-permission';
import { useAccount } from '@/sync-status/use-sync-status';
import { t } from './messages';

function canPush(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

export function PushOffer() {
  const account = useAccount();
  const [answer, setAnswer] = useState(reminderPermission);
  if (account.state !== 'signed-in' || !canPush() || answer !== 'default') return null;
  const ask = () => {
    void askReminderPermission().then(setAnswer);
  };
  return (
    <div className="push-offer">
      <p className="push-offer-text">{t('notifications.pushOffer')}</p>
      <button type="button" className="btn btn-sm" onClick={ask}>
        {t('notifications.pushTurnOn')}
      </button>
    </div>
  );
}
