// Labels in real Chromium (SPEC §14.1, names of §15.1): quick add shows "New label <name>" under
// "Recognised" and makes it on Enter; rows show chips; a label's screen lists its tasks; and two
// devices of one person, both offline, each putting a different label on the same task keep both.
import { expect, type Page, test } from '@playwright/test';
import { signIn, signUp, syncEverything, syncUntil } from './support/account';
import { addTask, taskItem, waitForServiceWorker } from './support/app';

async function labelInDialog(page: Page, title: string, name: string) {
  await taskItem(page, title).getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog');
  const group = dialog.getByRole('group', { name: 'Labels' });
  await group.getByRole('combobox', { name: 'Add label' }).fill(name);
  await group.getByRole('combobox', { name: 'Add label' }).press('Enter');
  await expect(group.getByRole('button', { name: `Remove label ${name}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('quick add makes a label from "@name", the row shows it, and its screen lists the task', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const box = page.getByRole('textbox', { name: 'New task' });
  await box.fill('Buy milk @errands');
  const recognised = page.getByRole('region', { name: 'Recognised' });
  await expect(recognised.getByText('New label errands')).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const row = taskItem(page, 'Buy milk');
  await expect(row.getByText('errands')).toBeVisible();

  // the label is known now: the next "@Errands" is the same label
  await box.fill('Stamps @Errands');
  await expect(recognised.getByText('Label: errands')).toBeVisible();
  await box.press('Enter');
  await expect(taskItem(page, 'Stamps').getByText('errands')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists', exact: true }).click();
  const labels = page.getByRole('region', { name: 'Labels' });
  await labels.getByRole('link', { name: 'errands' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'errands' })).toBeVisible();
  await expect(taskItem(page, 'Buy milk')).toBeVisible();
  await expect(taskItem(page, 'Stamps')).toBeVisible();
});

test('two devices adding different labels to one task offline keep both', async ({ browser, context, page: a }) => {
  test.setTimeout(180_000);
  const account = await signUp(a);
  await addTask(a, 'Plan the trip');
  const deviceB = await browser.newContext();
  const b = await deviceB.newPage();
  await signIn(b, account);
  await syncUntil(b, () => expect(taskItem(b, 'Plan the trip')).toBeVisible({ timeout: 2000 }));
  // offline, the task dialog comes from the service worker's cache, as on an installed device
  await waitForServiceWorker(a);
  await waitForServiceWorker(b);

  await context.setOffline(true);
  await deviceB.setOffline(true);
  await labelInDialog(a, 'Plan the trip', 'Errands');
  await labelInDialog(b, 'Plan the trip', 'Phone');

  await context.setOffline(false);
  await deviceB.setOffline(false);
  await syncEverything(a);
  await syncEverything(b);
  for (const page of [a, b]) {
    await syncUntil(page, async () => {
      const row = taskItem(page, 'Plan the trip');
      await expect(row.getByText('Errands')).toBeVisible({ timeout: 1000 });
      await expect(row.getByText('Phone')).toBeVisible({ timeout: 1000 });
    });
  }
  await deviceB.close();
});

test('a saved filter shows the tasks it keeps, live, and stays in the sidebar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await addTask(page, 'Water plants');
  const box = page.getByRole('textbox', { name: 'New task' });
  await box.fill('Pay rent !high');
  await box.press('Enter');
  await expect(taskItem(page, 'Pay rent')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists', exact: true }).click();
  await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'New filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New filter' });
  await dialog.getByRole('textbox', { name: 'Filter name' }).fill('Urgent');
  await dialog.getByRole('combobox', { name: 'Priority at least' }).selectOption('High');
  await dialog.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Urgent' })).toBeVisible();
  await expect(taskItem(page, 'Pay rent')).toBeVisible();
  await expect(taskItem(page, 'Water plants')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Filters' }).getByRole('link', { name: 'Urgent' })).toBeVisible();

  // live: completing the task takes it off the (open) filter
  await taskItem(page, 'Pay rent').getByRole('checkbox', { name: 'Pay rent' }).click();
  await expect(taskItem(page, 'Pay rent')).toHaveCount(0);
});
