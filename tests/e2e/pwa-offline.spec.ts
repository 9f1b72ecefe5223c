// SPEC §2: after one online visit the app opens with no network, deep links included.
import { expect, test } from '@playwright/test';
import { addTask, createList, taskItem, waitForServiceWorker } from './support/app';

test('after one online visit, /today and a deep link to a list reload offline with their tasks', async ({ page, context }) => {
  await page.goto('/today');
  await addTask(page, 'Buy stamps');
  const listId = await createList(page, 'Trip');
  await addTask(page, 'Pack the passport');
  await waitForServiceWorker(page);
  await expect(page.getByText('Ready to work offline')).toBeVisible();

  await context.setOffline(true);
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(taskItem(page, 'Buy stamps')).toBeVisible();
  await page.reload();
  await expect(taskItem(page, 'Buy stamps')).toBeVisible();

  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
  await expect(taskItem(page, 'Pack the passport')).toBeVisible();
  await expect(taskItem(page, 'Buy stamps')).toHaveCount(0);

  // A fresh tab straight onto the deep link, as when the app is opened from a bookmark.
  const tab = await context.newPage();
  await tab.goto(`/lists/${listId}`);
  await expect(taskItem(tab, 'Pack the passport')).toBeVisible();
  // Screens whose code is loaded lazily were precached too.
  await tab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await tab.close();

  // Work done offline stays after reloading offline.
  await addTask(page, 'Charge the camera');
  await page.reload();
  await expect(taskItem(page, 'Charge the camera')).toBeVisible();
});

test('the service worker keeps API, auth and config responses out of its caches and out of the shell', async ({ page }) => {
  await page.goto('/today');
  await waitForServiceWorker(page);
  const answers = await page.evaluate(async () => {
    const config = await fetch('/config.json').then((r) => r.json() as Promise<Record<string, unknown>>);
    const auth = await fetch('/auth/v1/user').then((r) => r.status);
    const rest = await fetch('/rest/v1/rpc/sync_pull', { method: 'POST', body: '{}' }).then((r) => r.status);
    return { configKeys: Object.keys(config).sort(), auth, rest };
  });
  // The server answered these itself (a JSON config; auth refuses a missing token), not the shell.
  expect(answers.configKeys).toEqual(['supabaseAnonKey', 'supabaseUrl', 'vapidPublicKey']);
  expect(answers.auth).toBe(401);
  expect(answers.rest).toBe(401);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => /^\/(auth|rest)\/v1|^\/realtime|^\/config\.json/.test(path))).toEqual([]);
  // Only the build's own files are cached: every entry is a hashed asset or a public file.
  for (const path of cached) expect(path).toMatch(/^\/(index\.html|boot\.js|manifest\.webmanifest|assets\/.+|icons\/.+)$/);
});
