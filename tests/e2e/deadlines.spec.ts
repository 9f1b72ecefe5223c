// Deadlines and steps that start over in the built app (SPEC §14.3): "by tomorrow" in quick add
// is the deadline, the row says "Deadline Tomorrow (soon)"; a task of a list with no due date
// whose deadline is today shows on Today under "Deadline"; ticking a weekly task with ticked steps
// moves it on and unticks them, and a reload keeps that; axe finds nothing on Today with deadlines
// nor on the task dialog with Deadline and "Start steps over each time", light and dark.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addTask, createList, taskItem } from './support/app';
import { axeViolations } from './support/axe';

async function openTask(page: Page, title: string): Promise<Locator> {
  await taskItem(page, title).getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title, { timeout: 20_000 });
  return dialog;
}

async function closeTask(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/** Types a line into quick add (its "by …" read as the deadline) and waits for the row titled `title`. */
async function addLine(page: Page, line: string, title: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'New task' });
  await box.fill(line);
  // the parser loads on demand: Enter once its chip is there, so the line is read, not taken whole
  await expect(page.getByRole('region', { name: 'Recognised' })).toContainText('Deadline');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const item = taskItem(page, title);
  await expect(item).toBeVisible();
  return item;
}

function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test('a deadline from quick add shows on its row, and Today lists a task whose deadline has come', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/today');
  await addLine(page, 'File taxes by tomorrow', 'File taxes');
  await expect(taskItem(page, 'File taxes')).toContainText('Deadline Tomorrow (soon)');

  // a list's task has no due date: its deadline alone brings it to Today
  await createList(page, 'Errands');
  await addLine(page, 'Renew visa by today', 'Renew visa');
  await nav(page, 'Today').click();
  const byDeadline = page.getByRole('region', { name: 'Deadline 1' });
  await expect(byDeadline.getByRole('link', { name: 'Renew visa' })).toHaveAccessibleDescription(/Deadline Today \(soon\)/);

  // the dialog's Deadline clears it, and it leaves Today
  const dialog = await openTask(page, 'Renew visa');
  const deadline = dialog.getByRole('button', { name: 'Deadline', exact: true });
  await expect(deadline).not.toHaveAccessibleDescription('No deadline');
  await deadline.click();
  await dialog.getByRole('region', { name: 'Pick a deadline' }).getByRole('button', { name: 'Clear deadline' }).click();
  await expect(deadline).toHaveAccessibleDescription('No deadline');
  await closeTask(page);
  await expect(page.getByRole('region', { name: /^Deadline/ })).toHaveCount(0);
});

test('ticking a weekly task moves it on and starts its steps over, also after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/today');
  await addTask(page, 'Weekly clean');
  const dialog = await openTask(page, 'Weekly clean');
  await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: 'Weekly' });
  await expect(dialog.getByRole('checkbox', { name: 'Start steps over each time' })).toBeChecked();
  const add = dialog.getByRole('textbox', { name: 'Add step' });
  for (const title of ['Hoover', 'Dust']) {
    await add.fill(title);
    await add.press('Enter');
    await expect(dialog.getByRole('checkbox', { name: title, exact: true })).toBeVisible();
  }
  for (const title of ['Hoover', 'Dust']) {
    await dialog.getByRole('checkbox', { name: title, exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: title, exact: true })).toBeChecked();
  }
  await closeTask(page);
  await expect(taskItem(page, 'Weekly clean').getByRole('img', { name: '2 of 2 steps done' })).toBeVisible();

  await taskItem(page, 'Weekly clean').getByRole('checkbox', { name: 'Weekly clean' }).click();
  await expect(page.getByText(/^Next: /)).toBeVisible();
  await nav(page, 'Upcoming').click();
  await expect(taskItem(page, 'Weekly clean').getByRole('img', { name: '0 of 2 steps done' })).toBeVisible();
  await page.reload();
  await expect(taskItem(page, 'Weekly clean').getByRole('img', { name: '0 of 2 steps done' })).toBeVisible({ timeout: 20_000 });
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on Today with deadlines nor on the dialog's Deadline, ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.addInitScript((t) => localStorage.setItem('daybook-theme', t), theme);
    await page.goto('/today');
    await addLine(page, 'Send invoice by 2020-01-02', 'Send invoice');
    await addLine(page, 'Book flights by tomorrow', 'Book flights');
    await addLine(page, 'Plan trip by 2099-12-31', 'Plan trip');
    await expect(taskItem(page, 'Send invoice')).toContainText('(passed)');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect.soft(await axeViolations(page), `Today with deadlines (${theme})`).toEqual([]);
    const dialog = await openTask(page, 'Book flights');
    await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: 'Daily' });
    await expect(dialog.getByRole('checkbox', { name: 'Start steps over each time' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Deadline', exact: true }).click();
    await expect(dialog.getByRole('region', { name: 'Pick a deadline' }).getByRole('grid')).toBeVisible();
    expect.soft(await axeViolations(page), `task dialog with Deadline (${theme})`).toEqual([]);
  });
}
