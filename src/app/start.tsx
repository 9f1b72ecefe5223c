// The app proper: src/main.tsx loads it once boot.js's picture (if any) is on screen.
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/toast.css';
import { afterFirstPaint, setSyncLoader, startSyncWhenNeeded } from '@/sync-status/load-sync';
import { applyTheme, THEME_KEY } from '@/lib/theme';
import { deferFormats, endDeferredFormats } from '@/ui/format-memory';
import { formatWorker } from '@/ui/format-helper';
import { storedChoice, switchLanguage } from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';

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
// compiled as it arrived): the data layer, which defines the remembered user's database and, a
// task later, opens it (offline too; a first visit's open builds the schema, a task of its own);
// React's packages; the route tree and, a task later, the browser history; the router, which
// starts fetching the screen's chunks; the app's tree, whose first render is a transition. One
// chunk for all of it would be one long task to compile and one to evaluate.

/** How long the first render waits for the database's open at most. */
const OPEN_WAIT_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** Marks where each phase begins, so bench/start-long-tasks.ts can name the phase a long task is in. */
const phase = (name: string) => performance.mark(`start:${name}`);

void (async () => {
  // The person's language, when it is not English, is one chunk fetched alongside the rest.
  const languageLoaded = switchLanguage(storedChoice()).catch(() => undefined);
  phase('data');
  const database = await import('./start-database');
  database.deferFirstRuns();
  await nextTask();
  phase('define');
  database.bootRememberedDatabase();
  await nextTask();
  phase('open');
  const opened = database.openDatabaseNow();
  await nextTask();
  // React's chunk, then the route tree's, evaluated each in a task of their own: the router's
  // chunk imports both, and all three in one evaluation were one long task.
  phase('react');
  await import('react-dom/client');
  await nextTask();
  phase('routes');
  await import('../routeTree.gen');
  await nextTask();
  phase('history');
  (await import('./history')).browserHistory();
  await nextTask();
  phase('router');
  const { afterFirstScreen, loadFirstScreen } = await import('./router');
  // The screen's routes are resolved (and their chunks fetched) in the tasks that follow, not in
  // the one that made the router.
  await nextTask();
  phase('screen');
  const screenLoaded = loadFirstScreen();
  await nextTask();
  phase('ui');
  const { renderApp } = await import('./start-ui');
  await screenLoaded;
  // The screen renders on an open database: what waits for a database still opening (a first
  // visit builds the schema and makes the identity) is released in one burst when it is ready.
  // Not for long: a database another tab holds at an older version may keep its open waiting.
  await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, OPEN_WAIT_MS))]);
  await languageLoaded;
  await nextTask();
  phase('render');
  renderApp(root);
  // The sync engine and supabase-js load only after the first screen is up, and only if needed;
  // strings not remembered are made on this page again from then on (once the worker has answered),
  // and live queries run at once again.
  await afterFirstScreen();
  phase('after');
  afterFirstPaint(startSyncWhenNeeded);
  afterFirstPaint(endDeferredFormats);
  afterFirstPaint(database.endDeferredFirstRuns);
})();
