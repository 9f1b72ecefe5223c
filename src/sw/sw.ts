/// <reference lib="webworker" />
// The service worker: the built shell is precached so the app opens with no network; no API or
// auth response passes through here (data lives in IndexedDB; those calls always go to the
// network). Reminder actions write to IndexedDB from here (reminders-click.ts).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handleNotificationPushes } from './notification-push';
import { handleReminderPushes } from './push';
import { handleReminderClicks } from './reminders-click';

declare const self: ServiceWorkerGlobalScope;

/** Paths the shell must never answer for: Supabase's API and auth, the runtime config, files. */
const NOT_THE_SHELL: RegExp[] = [
  /^\/auth\/v1(\/|$)/,
  /^\/rest\/v1(\/|$)/,
  /^\/realtime(\/|$)/,
  /^\/config\.json$/,
  // A navigation to a file (e.g. /robots.txt) should reach the server, not get the app.
  /\/[^/]+\.[a-z0-9]+$/i,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open page at once, so chunks it loads later come from the
// precache; updates still wait for the user's "Reload" (SKIP_WAITING below).
clientsClaim();
// Deep links open offline: every navigation gets the precached shell. No other route is
// registered, so nothing else is ever cached here.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_SHELL }));

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Lets the page (and the e2e update test) ask which build this worker belongs to.
  if (type === 'GET_BUILD_ID') event.ports[0]?.postMessage(__BUILD_ID__);
});

// Reminder notifications' clicks and actions (SPEC §11.4).
handleReminderClicks();
// The server's reminders by Web Push, shown once with the device's own (SPEC §11.4).
handleReminderPushes();
// Notifications by Web Push, one per person on the device, a click opening the task (SPEC §17).
handleNotificationPushes();
