import { useSyncExternalStore } from 'react';
import { todayIso } from '@/lib/dates';

// Re-check the date every minute and whenever the app comes back into view, so an app left
// open overnight moves "today" forward without a reload.
function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, 60_000);
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('focus', onChange);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', onChange);
  };
}

/** Today's local date as 'YYYY-MM-DD', updated when the day changes. */
export function useToday(): string {
  return useSyncExternalStore(subscribe, () => todayIso(), () => todayIso());
}
