// The everyday task flows in the built app: create, edit, complete, undo, delete, reorder — each
// checked on screen and again after a reload (the data is in IndexedDB, not in React state).
import { expect, type Page, test } from '@playwright/test';
import { addTask, createList, taskItem } from './support/app';

/** The titles in the list screen's rows, top to bottom. */
async function order(page: Page, listName: string): Promise<string[]> {
  const rows = page.getByRole('list', { name: `${listName} tasks` }).getByRole('checkbox');
  return rows.evaluateAll((boxes) =>
    boxes
      .map((box) => ({ name: box.getAttribute('aria-label') ?? '', top: box.getBoundingClientRect().top }))
      .sort((a, b) => a.top - b.top)
      .map((row) => row.name),
  );
}

async function expectOrder(page: Page, listName: string, titles: string[]) {
  await expect.poll(() => order(page, listName)).toEqual(titles);
}

test('create tasks in a list and in Today; each shows where it belongs', async ({ page }) => {
  await page.goto('/today');
  await addTask(page, 'Call the dentist');
  // Today's quick add dates the task today and files it in the Inbox.
  await expect(taskItem(page, 'Call the dentist')).toContainText('Inbox');
  await createList(page, 'Errands');
  await addTask(page, 'Post the parcel');
  await addTask(page, 'Pick up dry cleaning');
  await expectOrder(page, 'Errands', ['Post the parcel', 'Pick up dry cleaning']);
  await expect(page.getByText('2 open tasks')).toBeVisible();

  // Bad input gets the message at the field and nothing is added.
  const box = page.getByRole('textbox', { name: 'New task' });
  await box.fill('   ');
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  expect(await order(page, 'Errands')).toHaveLength(2);

  await page.reload();
  await expectOrder(page, 'Errands', ['Post the parcel', 'Pick up dry cleaning']);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
  await expect(taskItem(page, 'Call the dentist')).toBeVisible();
  await expect(taskItem(page, 'Post the parcel')).toHaveCount(0);
});

test('edit a task in its dialog: title, notes, priority and list', async ({ page }) => {
  await page.goto('/today');
  await createList(page, 'Work');
  await createList(page, 'Home');
  await addTask(page, 'Fix the tap');
  await page.getByRole('link', { name: 'Fix the tap' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Fix the tap');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Fix the kitchen tap');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Washer size 1/2"');
  await dialog.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const row = taskItem(page, 'Fix the kitchen tap');
  await expect(row).toContainText('High');
  await expect(row).toContainText('Notes');

  // Moving it to another list takes it off this list's screen.
  await row.getByRole('link', { name: 'Fix the kitchen tap' }).click();
  await dialog.getByRole('combobox', { name: 'List' }).selectOption({ label: 'Work' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(taskItem(page, 'Fix the kitchen tap')).toHaveCount(0);

  await page.reload();
  await page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: /^Work/ }).click();
  await page.getByRole('link', { name: 'Fix the kitchen tap' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Washer size 1/2"');
  await expect(dialog.getByRole('combobox', { name: 'Priority' })).toHaveValue('3');

  // A refused edit keeps what was typed, with the message at the field.
  await dialog.getByRole('textbox', { name: 'Title' }).fill('x'.repeat(501));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.getByText('Title must be at most 500 characters')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('x'.repeat(501));
});

test('complete a task, undo from the toast, complete again from the Done filter', async ({ page }) => {
  await page.goto('/today');
  await createList(page, 'Chores');
  await addTask(page, 'Hoover the stairs');
  await addTask(page, 'Empty the bins');

  // click, not check(): the row leaves the open list as soon as it is done.
  await taskItem(page, 'Hoover the stairs').getByRole('checkbox').click();
  const toast = page.getByRole('status').filter({ hasText: 'Completed' });
  await expect(toast).toBeVisible();
  // The list shows open tasks by default, so the completed one leaves it.
  await expect(taskItem(page, 'Hoover the stairs')).toHaveCount(0);
  await expect(page.getByText('1 open task', { exact: true })).toBeVisible();

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(taskItem(page, 'Hoover the stairs').getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByText('2 open tasks')).toBeVisible();

  await taskItem(page, 'Empty the bins').getByRole('checkbox').click();
  await expect(taskItem(page, 'Empty the bins')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Done' }).check();
  await expect(page).toHaveURL(/show=done/);
  await expect(taskItem(page, 'Empty the bins').getByRole('checkbox')).toBeChecked();
  await expect(taskItem(page, 'Hoover the stairs')).toHaveCount(0);
  // The filter survives a reload; unchecking from there reopens the task.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Done' })).toBeChecked();
  await taskItem(page, 'Empty the bins').getByRole('checkbox').click();
  await expect(taskItem(page, 'Empty the bins')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Open' }).check();
  await expect(taskItem(page, 'Empty the bins').getByRole('checkbox')).not.toBeChecked();
});

test('delete a task from its dialog, undo it, delete it for good', async ({ page }) => {
  await page.goto('/today');
  await addTask(page, 'Cancel the magazine');
  await addTask(page, 'Book the MOT');
  const dialog = page.getByRole('dialog');

  await page.getByRole('link', { name: 'Cancel the magazine' }).click();
  await dialog.getByRole('button', { name: 'Delete task' }).click();
  await expect(dialog).toBeHidden();
  await expect(taskItem(page, 'Cancel the magazine')).toHaveCount(0);
  const toast = page.getByRole('status').filter({ hasText: 'Task deleted' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(taskItem(page, 'Cancel the magazine')).toBeVisible();

  await page.getByRole('link', { name: 'Cancel the magazine' }).click();
  await dialog.getByRole('button', { name: 'Delete task' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/today$/);
  await expect(taskItem(page, 'Cancel the magazine')).toHaveCount(0);
  await page.reload();
  await expect(taskItem(page, 'Book the MOT')).toBeVisible();
  await expect(taskItem(page, 'Cancel the magazine')).toHaveCount(0);
});

test('reorder a list with the move buttons and with Alt+Arrow; the order survives a reload', async ({ page }) => {
  await page.goto('/today');
  await createList(page, 'Packing');
  for (const title of ['Tent', 'Stove', 'Sleeping bag', 'Torch']) await addTask(page, title);
  await expectOrder(page, 'Packing', ['Tent', 'Stove', 'Sleeping bag', 'Torch']);

  // The move buttons show over the row's end while the pointer is on the row (or focus is in it).
  await taskItem(page, 'Torch').hover();
  await taskItem(page, 'Torch').getByRole('button', { name: 'Move up' }).click();
  await expectOrder(page, 'Packing', ['Tent', 'Stove', 'Torch', 'Sleeping bag']);
  await taskItem(page, 'Tent').getByRole('button', { name: 'Move down' }).focus();
  await page.keyboard.press('Enter');
  await expectOrder(page, 'Packing', ['Stove', 'Tent', 'Torch', 'Sleeping bag']);
  // Screen reader users hear where the task went.
  await expect(page.getByText('Moved "Tent" to position 2 of 4')).toBeAttached();

  await taskItem(page, 'Sleeping bag').getByRole('checkbox').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expectOrder(page, 'Packing', ['Stove', 'Tent', 'Sleeping bag', 'Torch']);
  await page.keyboard.press('Alt+ArrowUp');
  await expectOrder(page, 'Packing', ['Stove', 'Sleeping bag', 'Tent', 'Torch']);
  // Focus stays on the moved row, so the next press moves it again.
  await expect(taskItem(page, 'Sleeping bag').getByRole('checkbox')).toBeFocused();

  await page.reload();
  await expectOrder(page, 'Packing', ['Stove', 'Sleeping bag', 'Tent', 'Torch']);
});
