// "From the day it's done" on two devices (SPEC §14.3): a task repeating every 3 days after it is
// done, ticked on both of one person's devices while offline, moves on once — due 3 days from
// today on both, not 6 — and nothing is refused.
import { expect, type Page, test } from '@playwright/test';
import { signIn, signUp, syncEverything, syncIndicator, syncUntil } from './support/account';
import { addTask, taskItem } from './support/app';
import { sidebarList } from './support/sharing';

const TASK = 'Water the ferns';

function inDays(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' }).format(d);
  }, days);
}

async function dueDateShown(page: Page): Promise<string | null> {
  await sidebarList(page, 'Inbox').click();
  await taskItem(page, TASK).getByRole('link', { name: TASK }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(TASK, { timeout: 20_000 });
  const description = await dialog.getByRole('button', { name: 'Due date' }).getAttribute('aria-describedby');
  const text = description ? await page.locator(`[id="${description}"]`).textContent() : null;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

test('a repeat from the day it is done, ticked offline on two devices, moves on once', async ({ browser, context, page: a }) => {
  test.setTimeout(240_000);
  const account = await signUp(a);
  await addTask(a, TASK);
  await taskItem(a, TASK).getByRole('link', { name: TASK }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: 'Custom…' });
  await dialog.getByRole('spinbutton', { name: 'Every' }).fill('3');
  await dialog.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'days' });
  await dialog.getByRole('checkbox', { name: "From the day it's done" }).click();
  await dialog.getByRole('button', { name: 'Save repeat' }).click();
  await expect(dialog.getByText('every 3 days after done')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await syncEverything(a);

  const deviceB = await browser.newContext();
  const b = await deviceB.newPage();
  await signIn(b, account);
  await syncUntil(b, () => expect(taskItem(b, TASK)).toBeVisible({ timeout: 2000 }));

  // Both offline; each ticks today's occurrence on Today
  await context.setOffline(true);
  await deviceB.setOffline(true);
  for (const page of [a, b]) {
    await expect(syncIndicator(page, 'Offline')).toBeVisible();
    await taskItem(page, TASK).getByRole('checkbox', { name: TASK }).click();
    await expect(taskItem(page, TASK)).toHaveCount(0);
  }

  await context.setOffline(false);
  await syncEverything(a);
  await deviceB.setOffline(false);
  await syncEverything(b);
  await syncEverything(a);
  const expected = await inDays(a, 3);
  for (const page of [a, b]) {
    expect(await dueDateShown(page)).toBe(expected);
    await page.getByRole('link', { name: 'Sync', exact: true }).click();
    await expect(page.getByText(/couldn.t sync|refused/i)).toHaveCount(0);
  }
  await deviceB.close();
});
