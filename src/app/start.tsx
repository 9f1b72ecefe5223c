// The app proper: src/main.tsx loads it once boot.js's picture (if any) is on screen.
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/toast.css';
import { afterFirstPaint, setSyncLoader, startSyncWhenNeeded } from '@/sync-status/load-sync';
import { applyTheme, THEME_KEY } from '@/lib/theme';
import { deferFormats, endDeferredFormats } from '@/ui/format-memory';
import { formatWorker } from '@/ui/format-helper';

// The sync facade is made here, on demand (src/app/sync-instance.ts, loaded lazily).
setSyncLoader(() => import('./sync-instance').then((m) => m.getSync()));

// public/boot.js applied the theme picked before the first paint; this is the app's own, before
// React renders anything (and what follows a change made in another tab, below).
applyTheme();
// Another tab changed the theme: follow it.
window.addEventListener('storage', (e) => {
  if (e.key === THEME_KEY || e.key === null) applyTheme();
});

// Dates and counts the first screen has not formatted before are made by a worker meanwhile
// (src/ui/format-memory.ts): the page's own first Intl formatter would start ICU in a long task.
if (typeof Worker === 'function') {
  const helper = formatWorker();
  deferFormats(helper.ask, helper.close);
}

// The app is evaluated in phases, one task each, each phase's chunk preloaded by index.html (so
// compiled as it arrived): the data layer, which opens the remembered user's database at once
// (offline too; a first visit's open builds the schema, a task of its own); the router, which
// starts fetching the screen's chunks; React and the app's tree, whose first render is a
// transition. One chunk for all of it would be one long task to compile and one to evaluate.
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

void (async () => {
  const database = await import('./start-database');
  database.bootRememberedDatabase();
  await nextTask();
  database.openDatabaseNow();
  await nextTask();
  const { afterFirstScreen, loadFirstScreen } = await import('./router');
  // The screen's routes are resolved (and their chunks fetched) while React is evaluated.
  const screenLoaded = loadFirstScreen();
  await nextTask();
  const { renderApp } = await import('./start-ui');
  await screenLoaded;
  await nextTask();
  renderApp(root);
  // The sync engine and supabase-js load only after the first screen is up, and only if needed;
  // strings not remembered are made on this page again from then on (once the worker has answered).
  await afterFirstScreen();
  afterFirstPaint(startSyncWhenNeeded);
  afterFirstPaint(endDeferredFormats);
})();
