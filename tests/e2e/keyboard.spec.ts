// Keyboard only, no pointer: reach quick add, add a task, give it a due date with the picker,
// complete it. Every step moves focus with Tab/Shift+Tab and acts with Enter, Space or arrows.
import { expect, test } from '@playwright/test';
import { taskItem, tabTo } from './support/app';

test('keyboard only: add a task, set its due date with the picker, complete it', async ({ page }) => {
  await page.goto('/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // To the Inbox through the sidebar.
  await tabTo(page, page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: /^Inbox/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  const box = page.getByRole('textbox', { name: 'New task' });
  await tabTo(page, box);
  await page.keyboard.type('Renew the passport');
  await page.keyboard.press('Enter');
  const row = taskItem(page, 'Renew the passport');
  await expect(row).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  // Open the task and pick tomorrow in the calendar with the arrow keys.
  await tabTo(page, row.getByRole('link', { name: 'Renew the passport' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const dueDate = dialog.getByRole('button', { name: 'Due date' });
  await tabTo(page, dueDate);
  await expect(dueDate).toHaveAccessibleDescription('No date');
  await page.keyboard.press('Enter');
  const grid = dialog.getByRole('grid');
  await expect(grid).toBeVisible();
  // The calendar takes focus on today's date.
  await expect(grid.locator(':focus')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(grid).toBeHidden();
  await expect(dueDate).toBeFocused();
  // The button now describes the picked day (tomorrow), not "No date".
  const tomorrowDay = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return d.getDate();
  });
  await expect(dueDate).toHaveAccessibleDescription(new RegExp(`\\b${tomorrowDay}\\b`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Tomorrow');

  // Complete it with Space on its checkbox; the toast offers Undo.
  await tabTo(page, row.getByRole('checkbox'), { backwards: true });
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('0 open tasks')).toBeVisible();
});
