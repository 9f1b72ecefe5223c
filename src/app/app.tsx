import { RouterProvider } from '@tanstack/react-router';
import { Preload } from './preload';
import { PwaStatus } from './pwa';
import { PushSubscriber } from './reminders/push-subscriber';
import { ReminderScheduler } from './reminders/reminder-scheduler';
import { router } from './router';
import { SyncToasts } from './sync-toasts';
import { AppToaster } from './toaster';

const review = () => void router.navigate({ to: '/sync' });

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
      <PwaStatus />
      <SyncToasts onReview={review} />
      <ReminderScheduler />
      <PushSubscriber />
      <Preload />
    </>
  );
}
