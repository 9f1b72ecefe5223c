// The built app runs under the server's Content-Security-Policy with no
// violation — first paint, the service worker, signing up (auth and RPC calls), Realtime's
// websocket, toasts (which inject a <style>), dialogs and the date picker.
import { expect, test } from '@playwright/test';
import { signUp } from './support/account';
import { addTask, taskItem, waitForServiceWorker } from './support/app';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the app works under its Content-Security-Policy with no violation', async ({ page }) => {
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });

  const res = await page.goto('/today');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await waitForServiceWorker(page);

  await signUp(page);
  await addTask(page, 'Check the policy');
  // the task dialog, then a toast (Completed · Undo)
  await page.getByRole('link', { name: 'Check the policy' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Check the policy');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await taskItem(page, 'Check the policy').getByRole('checkbox').click();
  await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upcoming', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();

  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(consoleCsp).toEqual([]);
});
