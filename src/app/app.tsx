import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { LanguageFromProfile, LanguageRoot } from './language';
import { Preload } from './preload';
import { afterFirstScreen, router } from './router';
import { SyncToasts } from './sync-toasts';

// The toaster and react-hot-toast stay off the first screen; a toast asked for earlier waits in
// the library's store and shows when the toaster mounts (src/ui/toasts.tsx).
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));
// The service worker's registration and update prompt wait for the first screen anyway.
const PwaStatus = lazy(() => import('./pwa').then((m) => ({ default: m.PwaStatus })));
// The reminders' chunk is asked for as this module is evaluated, in parallel with the first
// render, not after it: a reminder due in the first seconds still fires.
const reminders = import('./reminders/mount');
const ReminderScheduler = lazy(() => reminders.then((m) => ({ default: m.ReminderScheduler })));
const PushSubscriber = lazy(() => reminders.then((m) => ({ default: m.PushSubscriber })));

const review = () => void router.navigate({ to: '/sync' });
const toSignIn = () => void router.navigate({ to: '/sign-in' });
/** Signed out everywhere (elsewhere): signing in again, as the same person, brings them back here. */
const toSignInAgain = (email: string) => {
  const here = router.state.location.pathname;
  if (here === '/sign-in') return;
  void router.navigate({ to: '/sign-in', search: { email: email || undefined, next: here } });
};

/** False until the router's first screen is drawn (see afterFirstScreen). */
function useFirstScreenShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    // a transition: what mounts then (the toaster, the push subscription, the preloads) renders
    // in slices rather than in one task
    void afterFirstScreen().then(() => mounted && startTransition(() => setShown(true)));
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}

export function App() {
  // The toaster, the push subscription and the idle preloads start once the first screen is
  // drawn, not alongside it. The reminder scheduler does not wait: a reminder due in the first seconds after
  // opening must not depend on when the first screen was drawn (the reminders e2e test missed one
  // once under load while the scheduler waited).
  const shown = useFirstScreenShown();
  return (
    <LanguageRoot>
      <RouterProvider router={router} />
      {shown && (
        <>
          {/* each its own boundary: the toaster does not wait for the others' chunks */}
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
          <Suspense fallback={null}>
            <PwaStatus />
          </Suspense>
          <Suspense fallback={null}>
            <PushSubscriber />
          </Suspense>
        </>
      )}
      <SyncToasts onReview={review} onAccountDeleted={toSignIn} onSessionRevoked={toSignInAgain} />
      <Suspense fallback={null}>
        <ReminderScheduler />
      </Suspense>
      {shown && <Preload />}
      {shown && <LanguageFromProfile />}
    </LanguageRoot>
  );
}
