/// <reference types="vite-plugin-pwa/vanillajs" />
// App version (SPEC §4): registers the service worker, says once that the app works offline,
// offers "Reload" when a new build is waiting, and looks for new builds while the app is open.
import { useEffect } from 'react';
import { showToast } from '@/ui/toasts';
import { t } from './messages';
import { afterFirstScreen } from './router';

export const OFFLINE_READY_KEY = 'daybook-offline-ready';
export const UPDATE_TOAST_ID = 'app-update';
/** How often an open app asks for a new build, and the least time between two asks. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const UPDATE_CHECK_MIN_GAP_MS = 60 * 1000;
const RELOAD_FALLBACK_MS = 8_000;

let started = false;

export function PwaStatus() {
  useEffect(() => startPwa(), []);
  return null;
}

function startPwa() {
  // Once per page, though StrictMode runs effects twice.
  if (started) return;
  started = true;
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('appinstalled', () => void navigator.storage?.persist?.());
  // Registered once the first screen is drawn: its chunks and the worker's precache would share the network.
  void afterFirstScreen().then(() => import('virtual:pwa-register')).then(({ registerSW }) => {
    registerSW({
      onNeedRefresh: () =>
        showToast(
          t('app.newVersion'),
          { label: t('app.reload'), onClick: () => void reloadIntoNewVersion() },
          // Stays until used: once gone, nothing would offer the update again until a restart.
          { id: UPDATE_TOAST_ID, duration: Number.POSITIVE_INFINITY },
        ),
      // We reload ourselves (below): the library only does when this page had a controller at
      // load, which a first visit taken over by clientsClaim() has not.
      onNeedReload: () => undefined,
      onOfflineReady: announceOfflineReadyOnce,
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        checkForUpdatesWhileOpen(registration);
        void finishRequestedReload(registration);
      },
      onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
    });
  });
}

/**
 * Activates the waiting build and reloads into it once it has taken over. The request is
 * remembered for this tab, so if the page reloads before the new build took over (the fallback
 * below, or the user reloading), the next start finishes the switch instead of offering it again.
 */
async function reloadIntoNewVersion() {
  rememberReloadRequest(true);
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration ? await waitingWorker(registration) : null;
  // Another tab may already have switched: the new build is active, only this page is old.
  if (!waiting) {
    rememberReloadRequest(false);
    window.location.reload();
    return;
  }
  activateAndReload(waiting);
}

/** At start: a "Reload" that did not get as far as the new build taking over is finished here. */
async function finishRequestedReload(registration: ServiceWorkerRegistration) {
  if (!reloadRequested()) return;
  const waiting = registration.waiting;
  if (!waiting) {
    rememberReloadRequest(false);
    return;
  }
  activateAndReload(waiting);
}

function activateAndReload(waiting: ServiceWorker) {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated' || waiting.state === 'redundant') reload();
  });
  // Should activation stall (the old worker still busy), reloading lets it finish; the request
  // stays remembered, so the reloaded page asks the waiting build again.
  setTimeout(reload, RELOAD_FALLBACK_MS);
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** The waiting worker, or the installing one once it is installed (null if it fails). */
function waitingWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  if (registration.waiting) return Promise.resolve(registration.waiting);
  const installing = registration.installing;
  if (!installing) return Promise.resolve(null);
  return new Promise((resolve) => {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') resolve(registration.waiting ?? installing);
      else if (installing.state !== 'installing') resolve(null);
    });
  });
}

const RELOAD_REQUESTED_KEY = 'daybook-reload-requested';

function reloadRequested(): boolean {
  try {
    return sessionStorage.getItem(RELOAD_REQUESTED_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberReloadRequest(on: boolean) {
  try {
    if (on) sessionStorage.setItem(RELOAD_REQUESTED_KEY, new Date().toISOString());
    else sessionStorage.removeItem(RELOAD_REQUESTED_KEY);
  } catch {
    // Without session storage a stalled switch is offered again instead of finished.
  }
}

function announceOfflineReadyOnce() {
  try {
    if (localStorage.getItem(OFFLINE_READY_KEY)) return;
    localStorage.setItem(OFFLINE_READY_KEY, new Date().toISOString());
  } catch {
    // Without storage we can't remember; saying it again later is better than never.
  }
  showToast(t('app.offlineReady'), undefined, { id: 'offline-ready' });
}

function checkForUpdatesWhileOpen(registration: ServiceWorkerRegistration) {
  let lastCheck = 0;
  const check = () => {
    const now = Date.now();
    if (!navigator.onLine || now - lastCheck < UPDATE_CHECK_MIN_GAP_MS) return;
    lastCheck = now;
    // A failed check (flaky network, server down) just waits for the next one.
    registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.addEventListener('online', check);
}
