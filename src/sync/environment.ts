// The real clock and the browser's online/visibility signals; outside a browser (Node, tests)
// the environment is "online and visible" with no events.
import type { Clock, SyncEnvironment } from './ports';

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const alwaysOnline: SyncEnvironment = {
  online: () => true,
  visible: () => true,
  on: () => () => {},
};

export function browserEnvironment(): SyncEnvironment {
  if (typeof window === 'undefined' || typeof document === 'undefined') return alwaysOnline;
  return {
    online: () => navigator.onLine !== false,
    visible: () => document.visibilityState !== 'hidden',
    on(listener) {
      const online = () => listener('online');
      const offline = () => listener('offline');
      const visibility = () => listener(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      document.addEventListener('visibilitychange', visibility);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        document.removeEventListener('visibilitychange', visibility);
      };
    },
  };
}
