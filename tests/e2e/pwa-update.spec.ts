// SPEC §4 "App version": a new build is found while the app is open, a toast offers "Reload",
// and reloading switches to it with every local task intact. Runs against its own server whose
// static folder is a symlink we repoint from build A to build B.
import { renameSync, symlinkSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addTask, createList, taskItem, waitForServiceWorker } from './support/app';
import { BUILD_B_ID, DIST_A, DIST_B, UPDATE_SERVED, UPDATE_URL } from './support/env';

/** Points the update server at another build (rename makes the swap atomic). */
function serve(dist: string) {
  const next = `${UPDATE_SERVED}.next`;
  symlinkSync(dist, next);
  renameSync(next, UPDATE_SERVED);
}

/** The build id of the page and of the service worker controlling it. */
async function builds(page: Page) {
  return page.evaluate(async () => {
    const controller = navigator.serviceWorker.controller;
    const worker = controller
      ? await new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (e) => resolve(String(e.data));
          controller.postMessage({ type: 'GET_BUILD_ID' }, [channel.port2]);
        })
      : null;
    return { page: document.documentElement.dataset.build, worker };
  });
}

test.use({ baseURL: UPDATE_URL });
// Both tests repoint the one update server.
test.describe.configure({ mode: 'serial', timeout: 75_000 });

test.afterEach(() => serve(DIST_A));

/** A first visit with local data, controlled by build A's service worker. */
async function visitBuildA(page: Page) {
  serve(DIST_A);
  await page.goto('/today');
  await addTask(page, 'Water the plants');
  await createList(page, 'Garden');
  await addTask(page, 'Buy compost');
  await waitForServiceWorker(page);
  await expect(page.getByText('Ready to work offline')).toBeVisible();
  const before = await builds(page);
  expect(before.page).not.toBe(BUILD_B_ID);
  expect(before.worker).toBe(before.page);
  return before;
}

/** The registration's workers, for the failure message when a switch does not happen. */
async function workers(page: Page) {
  return page
    .evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const stateOf = (w: ServiceWorker | null | undefined) => (w ? w.state : 'none');
      return `installing=${stateOf(r?.installing)} waiting=${stateOf(r?.waiting)} active=${stateOf(r?.active)}`;
    })
    .catch((err: unknown) => `unreadable: ${String(err)}`);
}

/** The service workers' states as Chromium reports them, for the failure message. */
async function recordWorkers(page: Page): Promise<string[]> {
  const log: string[] = [];
  const t0 = Date.now();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) log.push(`${Date.now() - t0} ms: worker ${v.versionId} ${v.status}, ${v.runningStatus}`);
  });
  await cdp.send('ServiceWorker.enable');
  return log;
}

/** Clicks the toast's "Reload" and checks build B runs with every task from before. */
async function reloadIntoBuildB(page: Page) {
  const log = await recordWorkers(page);
  const toast = page.getByRole('status').filter({ hasText: 'New version available' });
  await toast.getByRole('button', { name: 'Reload' }).click();
  // Only the page is asked until it runs build B: a message to the old worker while Chromium stops
  // it to activate the new one starts it again, and the switch then waits for the app's fallback.
  // The app falls back to a plain reload after 8 s and the reloaded page finishes the switch.
  try {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.build).catch(() => null), { timeout: 25_000 })
      .toBe(BUILD_B_ID);
    expect(await builds(page)).toEqual({ page: BUILD_B_ID, worker: BUILD_B_ID });
  } catch (err) {
    throw new Error(`Not switched to build B; service workers: ${await workers(page)}\n${log.join('\n')}\n${String(err)}`);
  }
  await expect(taskItem(page, 'Buy compost')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
  await expect(taskItem(page, 'Water the plants')).toBeVisible();
  await expect(page.getByText('New version available')).toHaveCount(0);
}

test('a build published while the app is open is offered with "Reload", which switches to it keeping local data', async ({ page }) => {
  const before = await visitBuildA(page);

  serve(DIST_B);
  // The app looks for a new build when it becomes visible again (and hourly).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByRole('status').filter({ hasText: 'New version available' })).toBeVisible({ timeout: 15_000 });
  // Nothing switches until the user says so.
  expect(await builds(page)).toEqual(before);
  await expect(taskItem(page, 'Buy compost')).toBeVisible();

  await reloadIntoBuildB(page);
});

test('reopening the app after a new build was published offers it too', async ({ page }) => {
  const before = await visitBuildA(page);
  await page.reload();
  expect(await builds(page)).toEqual(before);

  serve(DIST_B);
  // Opening the app checks for a new build; the old one keeps running until "Reload".
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'New version available' })).toBeVisible({ timeout: 15_000 });
  expect(await builds(page)).toEqual(before);

  await reloadIntoBuildB(page);
});
