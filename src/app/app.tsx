import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Preload } from './preload';
import { PwaStatus } from './pwa';
import { PushSubscriber } from './reminders/push-subscriber';
import { ReminderScheduler } from './reminders/reminder-scheduler';
import { afterFirstScreen, router } from './router';
import { SyncToasts } from './sync-toasts';
import { AppToaster } from './toaster';

const review = () => void router.navigate({ to: '/sync' });

/** False until the router's first screen is drawn (see afterFirstScreen). */
function useFirstScreenShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterFirstScreen().then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}

export function App() {
  // The reminders (their scheduler's chunk and its query), the push subscription and the idle
  // preloads start once the first screen is drawn, not alongside it.
  const shown = useFirstScreenShown();
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
      <PwaStatus />
      <SyncToasts onReview={review} />
      {shown && <ReminderScheduler />}
      {shown && <PushSubscriber />}
      {shown && <Preload />}
    </>
  );
}
