// Many at once (SPEC §18): select tasks and move them all with one toast and one Undo; the
// phone's floating "New task" adding to the list on screen; the "Keyboard shortcuts" dialog and
// the keys that select from the keyboard.
import { expect, test } from '@playwright/test';
import { addTask, createList, taskItem } from './support/app';

test('select tasks on Today, move them all to tomorrow, and undo all of it at once', async ({ page }) => {
  await page.goto('/today');
  for (const title of ['Buy stamps', 'Post the letter', 'Call the bank']) await addTask(page, title);
  await page.getByRole('button', { name: 'Select' }).click();
  const bar = page.getByRole('toolbar', { name: 'Selected tasks' });
  await expect(bar.getByRole('status')).toHaveText('0 selected');
  await page.getByRole('checkbox', { name: 'Select Buy stamps' }).check();
  // Shift-click on a row's title extends the selection to it
  await page.getByRole('link', { name: 'Call the bank' }).click({ modifiers: ['Shift'] });
  await expect(bar.getByRole('status')).toHaveText('3 selected');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await bar.getByRole('button', { name: 'Date' }).click();
  const sheet = page.getByRole('dialog', { name: 'Date for 3 tasks' });
  await sheet.getByRole('button', { name: 'Tomorrow' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Moved 3 tasks to Tomorrow' });
  await expect(toast).toBeVisible();
  for (const title of ['Buy stamps', 'Post the letter', 'Call the bank']) await expect(taskItem(page, title)).toHaveCount(0);
  await expect(bar).toHaveCount(0);

  await toast.getByRole('button', { name: 'Undo' }).click();
  for (const title of ['Buy stamps', 'Post the letter', 'Call the bank']) await expect(taskItem(page, title)).toBeVisible();
});

test('keyboard: ? shows the shortcuts, j moves to a task, x selects it, g u goes to Upcoming', async ({ page }) => {
  await page.goto('/today');
  await addTask(page, 'Water the plants');
  await addTask(page, 'Feed the cat');
  await page.getByRole('textbox', { name: 'New task' }).blur();
  // typing in a field never fires a shortcut
  await page.getByRole('textbox', { name: 'New task' }).fill('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'New task' }).fill('');
  await page.getByRole('heading', { level: 1, name: 'Today' }).click();

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Go to Week')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: 'Water the plants' })).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: 'Feed the cat' })).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByRole('toolbar', { name: 'Selected tasks' }).getByRole('status')).toHaveText('1 selected');
  await page.getByRole('toolbar', { name: 'Selected tasks' }).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('heading', { level: 1, name: 'Today' }).click();
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('"New task" floats on every screen and adds to the list on screen', async ({ page }) => {
    await page.goto('/today');
    await createList(page, 'Garden');
    const fab = page.getByRole('button', { name: 'New task' });
    await expect(fab).toBeVisible();
    // above the bottom bar
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const box = await fab.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(nav?.y ?? 0);
    await fab.click();
    const sheet = page.getByRole('dialog', { name: 'New task' });
    const field = sheet.getByRole('textbox', { name: 'New task' });
    await expect(field).toBeFocused();
    await field.fill('Plant the tulips');
    await field.press('Enter');
    await expect(field).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(taskItem(page, 'Plant the tulips')).toBeVisible();
    // the bottom bar: Today, Upcoming, Week, Lists; Search and Sync in the header
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Today', 'Upcoming', 'Week', 'Lists']);
    await page.getByRole('link', { name: 'Sync', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
  });
});
