// Accounts end to end (SPEC §6, §10): signing in with a wrong password, signing out with changes
// still queued (warned; cancel keeps everything; confirm removes the user's data from the device).
import { expect, test } from '@playwright/test';
import { databaseNames, expireSession, PASSWORD, rememberedUserId, signIn, signUp, syncEverything, syncIndicator, uniqueEmail } from './support/account';
import { addTask, taskItem, waitForServiceWorker } from './support/app';

test('sign-in: a wrong password is shown at the field and the e-mail is kept; the right one signs in', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const account = await signUp(page, { email: uniqueEmail('wrong-password') });

  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.goto('/today');
  await addTask(other, 'Made before signing in');
  await other.getByRole('link', { name: 'Settings', exact: true }).click();
  await other.getByRole('link', { name: 'Sign in to sync' }).click();

  const email = other.getByRole('textbox', { name: 'Email' });
  const password = other.getByLabel('Password', { exact: true });
  await email.fill(account.email);
  await password.fill('not-the-password');
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(password).toHaveAccessibleDescription('Wrong e-mail or password', { timeout: 20_000 });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveValue(account.email);
  await expect(other).toHaveURL(/\/sign-in$/);

  // Creating an account with a taken e-mail says so at the e-mail.
  await password.fill(PASSWORD);
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(email).toHaveAccessibleDescription('An account already uses that e-mail', { timeout: 20_000 });

  await signIn(other, account);
  // What was made on this device before signing in came along into the account.
  await expect(taskItem(other, 'Made before signing in')).toBeVisible();
  await otherDevice.close();
});

test('sign-out with queued changes warns; cancel keeps everything; confirm removes the data and returns to local mode', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000);
  const account = await signUp(page);
  const userId = await rememberedUserId(page);
  expect(userId).not.toBeNull();
  await addTask(page, 'Synced before going offline');
  await syncEverything(page);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await expect(syncIndicator(page, 'Offline')).toBeVisible();
  await addTask(page, 'Call the plumber');

  const settings = async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('region', { name: 'Account' });
    await expect(section).toContainText(account.email);
    return section;
  };
  let section = await settings();
  await section.getByRole('button', { name: 'Sign out', exact: true }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(dialog).toContainText(/\d+ changes? (hasn’t|haven’t) synced yet — signing out removes (it|them) from this device/);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText(account.email);
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await expect(taskItem(page, 'Call the plumber')).toBeVisible();
  await expect(syncIndicator(page, 'Offline')).toBeVisible();

  section = await settings();
  await section.getByRole('button', { name: 'Sign out', exact: true }).click();
  dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
  await dialog.getByRole('button', { name: 'Sign out anyway' }).click();

  await expect(page).toHaveURL(/\/today$/);
  await expect(syncIndicator(page, 'Local only')).toBeVisible();
  await expect(taskItem(page, 'Call the plumber')).toHaveCount(0);
  await expect(taskItem(page, 'Synced before going offline')).toHaveCount(0);
  await expect.poll(() => databaseNames(page)).not.toContain(`daybook-${userId}`);
  expect(await rememberedUserId(page)).toBeNull();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Using Daybook on this device only');

  // Still local after a reload (nobody is remembered), and signing in again brings the synced task back.
  await context.setOffline(false);
  await page.reload();
  await expect(syncIndicator(page, 'Local only')).toBeVisible();
  await signIn(page, account);
  await expect(taskItem(page, 'Synced before going offline')).toBeVisible({ timeout: 20_000 });
  await expect(taskItem(page, 'Call the plumber')).toHaveCount(0);
});

test('an expired session keeps the queue; signing in again as the same person sends it', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await signUp(page);
  // The server refuses the refresh token at the next start: the session has expired.
  const undo = await expireSession(page);
  await page.reload();
  const banner = page.getByRole('region', { name: 'Session expired' });
  await expect(banner).toContainText('Session expired — sign in to resume syncing. Your changes are safe on this device.', { timeout: 20_000 });

  await addTask(page, 'Written while the session was expired');
  await expect(syncIndicator(page, '1 change waiting')).toBeVisible();

  await banner.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in again' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await undo();
  await signIn(page, account);
  await expect(banner).toBeHidden();
  await expect(taskItem(page, 'Written while the session was expired')).toBeVisible();
  await syncEverything(page);
});

test('signing out in one tab signs the other tab out too, also after a reload, and leaves no database of that user', async ({ context, page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  await addTask(page, 'Seen in both tabs');
  await syncEverything(page);

  const other = await context.newPage();
  await other.goto('/today');
  await expect(taskItem(other, 'Seen in both tabs')).toBeVisible();
  await expect(syncIndicator(other, 'Synced')).toBeVisible();

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  // Nothing is queued, so there is no question to answer.
  await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Sign out', exact: true }).click();

  for (const tab of [page, other]) {
    await expect(syncIndicator(tab, 'Local only')).toBeVisible();
    await expect(taskItem(tab, 'Seen in both tabs')).toHaveCount(0);
  }
  // Nobody comes back after a reload, and the other tab's writes went to the local database.
  await addTask(other, 'Written after signing out');
  await page.reload();
  await expect(syncIndicator(page, 'Local only')).toBeVisible();
  await expect(taskItem(page, 'Written after signing out')).toBeVisible();
  // The signed-out user's database is gone from the device: the other tab did not recreate it.
  const userDatabases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('daybook-') && n !== 'daybook-local'));
  await expect.poll(userDatabases).toEqual([]);
  await other.waitForTimeout(1500); // a live query re-running late would recreate it now
  expect(await userDatabases()).toEqual([]);
});
