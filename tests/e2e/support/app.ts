// Steps the e2e tests share, written the way a user works: by role and accessible name (SPEC §10).
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until the service worker controls the page, i.e. the shell is precached. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** The list item of the task titled `title` (its checkbox is named by the title). */
export function taskItem(scope: Page | Locator, title: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: title, exact: true }) });
}

/** Adds a task with the screen's quick add and waits for its row. */
export async function addTask(page: Page, title: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'New task' });
  await box.fill(title);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const item = taskItem(page, title);
  await expect(item).toBeVisible();
  return item;
}

/** Creates a list from the Lists screen and opens it; returns its id (from the URL). */
export async function createList(page: Page, name: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists', exact: true }).click();
  await page.getByRole('button', { name: 'New list' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'List name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(dialog).toBeHidden();
  // The Lists screen's own rows: the sidebar's "Your lists" exists only on wide screens.
  await page.getByRole('list', { name: 'All lists' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/')[2];
  if (!id) throw new Error(`No list id in ${page.url()}`);
  return id;
}

/** Presses Tab (or Shift+Tab) until `target` has focus: keyboard-only navigation. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}
