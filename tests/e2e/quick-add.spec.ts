// Quick add that understands (SPEC §11.2) in the built app: SPEC's example on Today ends as a
// task in the Inbox due tomorrow at 09:00 with high priority; a list name with spaces is typed
// through the suggestions; axe finds nothing with the chips and the suggestions on screen.
import { expect, type Page, test } from '@playwright/test';
import { createList, taskItem } from './support/app';
import { axeViolations } from './support/axe';

const recognised = (page: Page) => page.getByRole('region', { name: 'Recognised' });

test('"Pay rent tomorrow at 9am !high" on Today: "Pay rent" in the Inbox, due tomorrow 09:00, high priority', async ({ page }) => {
  await page.goto('/today');
  const box = page.getByRole('textbox', { name: 'New task' });
  await box.fill('Pay rent tomorrow at 9am !high');
  // What will be added shows before Enter, each part with a way to keep its words.
  await expect(recognised(page).getByRole('listitem')).toHaveText(['Tomorrow', '09:00', 'High priority']);
  await expect(recognised(page).getByRole('button', { name: 'Keep “at 9am” in the title' })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(recognised(page)).toBeHidden();

  // Due tomorrow, so not on Today: it is in the Inbox, with its time and priority.
  await expect(page.getByText('Nothing due today')).toBeVisible();
  await page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: /^Inbox/ }).click();
  const row = taskItem(page, 'Pay rent');
  await expect(row).toContainText('Tomorrow 09:00');
  await expect(row).toContainText('High');

  await row.getByRole('link', { name: 'Pay rent' }).click();
  const dialog = page.getByRole('dialog');
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' }).format(d);
  });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Pay rent');
  await expect(dialog.getByRole('button', { name: 'Due date' })).toHaveAccessibleDescription(tomorrow);
  await expect(dialog.getByLabel('Due time')).toHaveValue('09:00');
  await expect(dialog.getByRole('combobox', { name: 'Priority' })).toHaveValue('3');
  await expect(dialog.getByRole('combobox', { name: 'List' }).locator('option:checked')).toHaveText('Inbox');
});

test('a list name with spaces comes from the suggestions; axe is clean with chips and suggestions', async ({ page }) => {
  await page.goto('/today');
  await createList(page, 'Home');
  await createList(page, 'Home projects');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today', exact: true }).click();

  const box = page.getByRole('textbox', { name: 'New task' });
  await box.click();
  await box.pressSequentially('Fix the shelf friday #home p');
  const listbox = page.getByRole('listbox', { name: 'Lists' });
  await expect(listbox.getByRole('option')).toHaveText(['Home projects']);
  await expect(listbox.getByRole('option', { name: 'Home projects' })).toHaveAttribute('aria-selected', 'true');
  expect.soft(await axeViolations(page), 'suggestions open').toEqual([]);

  await box.press('Enter');
  await expect(box).toHaveValue('Fix the shelf friday #Home projects ');
  await expect(listbox).toBeHidden();
  await expect(recognised(page).getByRole('listitem')).toHaveText([/^(Today|Tomorrow|\w{3} \d+ \w{3}( \d{4})?)$/, 'List: Home projects']);
  expect.soft(await axeViolations(page), 'chips').toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  expect.soft(await axeViolations(page), 'chips, dark theme').toEqual([]);

  // Keep "friday" in the title: the task goes to the list, due today like anything added on Today.
  await recognised(page).getByRole('button', { name: 'Keep “friday” in the title' }).click();
  await expect(box).toBeFocused();
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: /^Home projects/ }).click();
  await expect(taskItem(page, 'Fix the shelf friday')).toBeVisible();
});
