// The app proper: src/main.tsx loads it once boot.js's picture (if any) is on screen.
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/toast.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstPaint, setSyncLoader, startSyncWhenNeeded } from '@/sync-status/load-sync';
import { applyTheme, THEME_KEY } from '@/lib/theme';
import { bootDatabase, getDb } from '@/data';
import { rememberedUserId } from '@/sync/stored-account';
import { deferFormats, endDeferredFormats } from '@/ui/format-memory';
import { formatWorker } from '@/ui/format-helper';
import { App } from './app';
import { afterFirstScreen, preloadCurrentRoute } from './router';

// The sync facade is made here, on demand (src/app/sync-instance.ts, loaded lazily).
setSyncLoader(() => import('./sync-instance').then((m) => m.getSync()));

// public/boot.js applied the theme picked before the first paint; this is the app's own, before
// React renders anything (and what follows a change made in another tab, below).
applyTheme();
// Another tab changed the theme: follow it.
window.addEventListener('storage', (e) => {
  if (e.key === THEME_KEY || e.key === null) applyTheme();
});

// The screen's chunks are asked for now, while React renders the app around it (the router
// would ask only once that has run).
preloadCurrentRoute(window.location.pathname);

// Dates and counts the first screen has not formatted before are made by a worker meanwhile
// (src/ui/format-memory.ts): the page's own first Intl formatter would start ICU in a long task.
if (typeof Worker === 'function') {
  const helper = formatWorker();
  deferFormats(helper.ask, helper.close);
}

// The remembered user's database opens at once, offline too; no network, no supabase-js. Opened
// here, not by the screen's first query, it is ready (or nearly) by the time that query runs. In a
// task of its own after the app's evaluation (a first visit's open builds the schema), and the
// render in the next: one task each, not one for all three.
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

bootDatabase(rememberedUserId());
void nextTask()
  .then(() => {
    void getDb()
      .open()
      .catch(() => {}); // the screen's queries open it again and report what went wrong
    return nextTask();
  })
  .then(() =>
    // A transition: React renders the first screen a few milliseconds at a time, not in one task.
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );

// The sync engine and supabase-js load only after the first screen is up, and only if needed;
// strings not remembered are made on this page again from then on (once the worker has answered).
void afterFirstScreen().then(() => {
  afterFirstPaint(startSyncWhenNeeded);
  afterFirstPaint(endDeferredFormats);
});
