// The account's way back in and way out (SPEC §16), in real Chromium against the real server:
// "Forgot password?" → the mail (the dev mailbox) → "Reset password" → signed in; "Change
// password"; "Sign out everywhere" reaching a second browser, which is taken to signing in again at
// its next contact and keeps what it has not synced, sending it once the same person is back.
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signIn, signUp, syncEverything, syncIndicator, uniqueEmail, waitForSynced } from './support/account';
import { addTask, taskItem } from './support/app';
import { axeViolations } from './support/axe';

async function mailLink(page: Page, to: string, subject: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const mails = (await (await page.request.get(`/_dev/mail?to=${encodeURIComponent(to)}`)).json()) as { subject: string; text: string }[];
    const mail = mails.find((m) => m.subject === subject);
    link = /https?:\/\/\S+token_hash=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return link;
}

test('forgot password: the mailed link opens Reset password, which signs in with the new password', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const account = await signUp(page, { email: uniqueEmail('forgot') });

  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto('/today');
  await addTask(other, 'Made on the other device first');
  await other.goto('/sign-in');
  await other.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 });

  const link = await mailLink(other, account.email, 'Reset your Daybook password');
  expect(new URL(link).pathname).toBe('/reset-password');
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  const box = other.getByLabel('New password', { exact: true });
  await box.fill('short');
  await other.getByRole('button', { name: 'Reset password' }).click();
  await expect(box).toHaveAccessibleDescription('Password must be at least 6 characters');
  await box.fill('a brand new password');
  await other.getByRole('button', { name: 'Reset password' }).click();
  await expect(other).toHaveURL(/\/today$/, { timeout: 20_000 });
  await waitForSynced(other);
  // signed in, and what this device made before came along
  await expect(taskItem(other, 'Made on the other device first')).toBeVisible();
  await other.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(other.getByRole('region', { name: 'Account' })).toContainText(account.email);
  await device.close();

  // the old password no longer works; the new one does
  const third = await browser.newContext();
  const p3 = await third.newPage();
  await p3.goto('/sign-in');
  await p3.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await p3.getByLabel('Password', { exact: true }).fill(account.password);
  await p3.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(p3.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Wrong e-mail or password', { timeout: 20_000 });
  await signIn(p3, { email: account.email, password: 'a brand new password' });
  await third.close();
});

test('sign out everywhere: the other browser goes to sign-in at its next contact and keeps what it has not synced', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const account = await signUp(page, { email: uniqueEmail('everywhere') });
  const device = await browser.newContext();
  const other = await device.newPage();
  await signIn(other, account);

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const section = page.getByRole('region', { name: 'Account' });
  await section.getByRole('button', { name: 'Change password' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  await change.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByLabel('New password', { exact: true })).toHaveAccessibleDescription('That is already your password — choose another', {
    timeout: 20_000,
  });
  await change.getByLabel('New password', { exact: true }).fill('another good password');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change).toBeHidden({ timeout: 20_000 });

  await section.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/today$/, { timeout: 20_000 });
  await expect(syncIndicator(page, 'Local only')).toBeVisible();

  // the other browser's next contact (the sync after an edit): it goes to signing in again, the
  // e-mail filled in, and its edit stays queued on the device
  await addTask(other, 'Written after being signed out elsewhere');
  await expect(other).toHaveURL(/\/sign-in/, { timeout: 30_000 });
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in again' })).toBeVisible();
  await expect(other.getByText('You were signed out on every device.')).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await expect(other.getByRole('region', { name: 'Session expired' })).toHaveCount(0);
  // signing in again as the same person: back where it was, and the edit is sent
  await signIn(other, { email: account.email, password: 'another good password' });
  await expect(taskItem(other, 'Written after being signed out elsewhere')).toBeVisible();
  await syncEverything(other);
  // the first browser, signed in again, has it from the server
  await signIn(page, { email: account.email, password: 'another good password' });
  await expect(taskItem(page, 'Written after being signed out elsewhere')).toBeVisible({ timeout: 20_000 });
  await device.close();
});

// The new screens and dialogs, light and dark, on a phone: no axe violations (AA contrast included).
for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on the account recovery screens, ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.addInitScript((t) => localStorage.setItem('daybook-theme', t), theme);
    const check = async (name: string) => expect.soft(await axeViolations(page), `${name} (${theme})`).toEqual([]);

    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter your e-mail address');
    await check('Forgot password?, with an error');
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 });
    await check('Check your e-mail (reset)');
    await page.goto('/reset-password?token_hash=00ff00ff00ff00ff&type=recovery');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await check('Reset password, with an error');
    await page.getByLabel('New password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used', { timeout: 20_000 });
    await check('Reset password, the link expired');

    await signUp(page);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('region', { name: 'Account' });
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
    await check('Change password');
    await page.keyboard.press('Escape');
    await section.getByRole('button', { name: 'Change e-mail' }).click();
    const mail = page.getByRole('dialog', { name: 'Change e-mail' });
    await mail.getByRole('textbox', { name: 'New e-mail' }).fill(uniqueEmail('moved'));
    await mail.getByRole('button', { name: 'Send link' }).click();
    await expect(mail.getByText('We sent a link to')).toBeVisible({ timeout: 20_000 });
    await check('Change e-mail, the link sent');
    await mail.getByRole('button', { name: 'Done' }).click();
    await section.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Sign out everywhere?' })).toBeVisible();
    await check('Sign out everywhere?');
  });
}
