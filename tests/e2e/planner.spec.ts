// Repeating tasks and steps in the built app (SPEC §11.1, §11.3): a daily task ticked
// on Today moves to tomorrow and Upcoming lists its later occurrences as repeats; steps added,
// ticked, reordered (keyboard and drag) survive a reload; two devices of one user completing the
// same occurrence offline end one step ahead, not two; axe finds nothing on the task dialog with
// Repeat and steps, nor on Upcoming with repeats, light and dark.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, signUp, syncEverything, syncIndicator, syncUntil } from './support/account';
import { addTask, taskItem } from './support/app';
import { axeViolations } from './support/axe';

const UPCOMING_DAYS = 14;

async function openTask(page: Page, title: string): Promise<Locator> {
  await taskItem(page, title).getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog');
  // The dialog's form waits for the task's live read: slow on a loaded machine, right after sign-in.
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title, { timeout: 20_000 });
  return dialog;
}

async function closeTask(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/** Makes the task repeat with a preset from the dialog's "Repeat" box; the row then says so. */
async function makeRepeat(page: Page, title: string, preset: 'Daily' | 'Weekly', label: string | RegExp) {
  const dialog = await openTask(page, title);
  await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: preset });
  await expect(dialog.getByRole('combobox', { name: 'Repeat' })).toHaveValue(preset.toLowerCase());
  await closeTask(page);
  await expect(taskItem(page, title).getByRole('img', { name: label })).toBeVisible();
}

function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** A day's section on Upcoming: "Today · …", "Tomorrow · …", or the nth day's long date. */
function day(page: Page, which: 'Today' | 'Tomorrow'): Locator {
  return page.getByRole('region', { name: new RegExp(`^${which} · `) });
}

/** Waits until the dialog's steps show in this order (by their checkboxes' names). */
async function expectSteps(dialog: Locator, titles: string[]) {
  const boxes = dialog.locator('li[data-step-id] input[type=checkbox]');
  await expect.poll(() => boxes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(titles);
}

test('a daily task ticked on Today moves to tomorrow; Upcoming shows its occurrences as repeats', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/today');
  await addTask(page, 'Water plants');
  await makeRepeat(page, 'Water plants', 'Daily', 'Repeats every day');

  // Upcoming: the task itself today, then one repeat on each of the 13 later days, each counted.
  await nav(page, 'Upcoming').click();
  await expect(day(page, 'Today').getByRole('checkbox', { name: 'Water plants' })).toBeVisible();
  const repeats = page.getByRole('link', { name: 'Water plants (repeat)', exact: true });
  await expect(repeats).toHaveCount(UPCOMING_DAYS - 1);
  await expect(day(page, 'Tomorrow').getByRole('checkbox')).toHaveCount(0);
  await expect(day(page, 'Tomorrow').getByRole('heading', { level: 2 })).toHaveText(/1$/);
  await expect(repeats.first()).toHaveAccessibleDescription(/Repeats every day/);

  // Ticking it on Today completes today's occurrence: "Next: …", gone from Today, due tomorrow.
  await nav(page, 'Today').click();
  await taskItem(page, 'Water plants').getByRole('checkbox', { name: 'Water plants' }).click();
  await expect(page.getByText(/^Next: /)).toBeVisible();
  await expect(page.getByText('Nothing due today')).toBeVisible();
  await nav(page, 'Upcoming').click();
  await expect(day(page, 'Tomorrow').getByRole('checkbox', { name: 'Water plants' })).toBeVisible();
  await expect(day(page, 'Today').getByRole('link', { name: /Water plants/ })).toHaveCount(0);
  await expect(repeats).toHaveCount(UPCOMING_DAYS - 2);

  // A repeat opens the task.
  await repeats.first().click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Title' })).toHaveValue('Water plants');
});

test('steps added, ticked and reordered (Alt+Arrow keeps focus; drag) are still there after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/today');
  await addTask(page, 'Pack');
  const dialog = await openTask(page, 'Pack');
  const add = dialog.getByRole('textbox', { name: 'Add step' });
  for (const title of ['Passport', 'Charger', 'Socks', 'Hat']) {
    await add.fill(title);
    await add.press('Enter');
    await expect(dialog.getByRole('checkbox', { name: title, exact: true })).toBeVisible();
  }
  await expect(add).toHaveValue('');
  // The box shows the saved state: it turns ticked once the write lands (so click, then expect).
  await dialog.getByRole('checkbox', { name: 'Charger', exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Charger', exact: true })).toBeChecked();

  // Alt+ArrowDown moves Passport below Charger, and focus stays on Passport's checkbox.
  const passport = dialog.getByRole('checkbox', { name: 'Passport', exact: true });
  await passport.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expectSteps(dialog, ['Charger', 'Passport', 'Socks', 'Hat']);
  await expect(passport).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expectSteps(dialog, ['Charger', 'Socks', 'Passport', 'Hat']);
  await expect(passport).toBeFocused();

  // Drag Hat by its handle to the top.
  const hat = dialog.locator('li[data-step-id]').filter({ has: page.getByRole('checkbox', { name: 'Hat', exact: true }) });
  const handle = hat.locator('.step-handle');
  const from = (await handle.boundingBox())!;
  const top = (await dialog.locator('li[data-step-id]').first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, top.y + 4, { steps: 8 });
  await page.mouse.up();
  await expectSteps(dialog, ['Hat', 'Charger', 'Socks', 'Passport']);

  // Reload on the task's own address: the dialog opens again with the same steps.
  await page.reload();
  const again = page.getByRole('dialog');
  await expectSteps(again, ['Hat', 'Charger', 'Socks', 'Passport']);
  await expect(again.getByRole('checkbox', { name: 'Charger', exact: true })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Hat', exact: true })).not.toBeChecked();
  await closeTask(page);
  await expect(taskItem(page, 'Pack').getByRole('img', { name: '1 of 4 steps done' })).toBeVisible();
});

test('two devices complete the same occurrence offline: after sync the task is one step ahead, not two', async ({ browser, context, page: a }) => {
  test.setTimeout(240_000);
  const account = await signUp(a);
  await addTask(a, 'Take vitamins');
  await makeRepeat(a, 'Take vitamins', 'Daily', 'Repeats every day');
  await syncEverything(a);

  const deviceB = await browser.newContext();
  const b = await deviceB.newPage();
  await signIn(b, account);
  await syncUntil(b, () => expect(taskItem(b, 'Take vitamins').getByRole('img', { name: 'Repeats every day' })).toBeVisible({ timeout: 2000 }));

  // Both offline; each completes today's occurrence; each moves it to tomorrow locally.
  await context.setOffline(true);
  await deviceB.setOffline(true);
  for (const page of [a, b]) {
    await expect(syncIndicator(page, 'Offline')).toBeVisible();
    await taskItem(page, 'Take vitamins').getByRole('checkbox', { name: 'Take vitamins' }).click();
    await expect(taskItem(page, 'Take vitamins')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /Next: / })).not.toHaveCount(0);
  }

  // Back online, both sync: the server applied the second completion as a no-op (nothing refused).
  await context.setOffline(false);
  await syncEverything(a);
  await deviceB.setOffline(false);
  await syncEverything(b);
  await syncEverything(a);
  for (const page of [a, b]) {
    await nav(page, 'Upcoming').click();
    await syncUntil(page, async () => {
      await expect(day(page, 'Tomorrow').getByRole('checkbox', { name: 'Take vitamins' })).toBeVisible({ timeout: 2000 });
    });
    await expect(page.getByRole('link', { name: 'Take vitamins (repeat)', exact: true })).toHaveCount(UPCOMING_DAYS - 2);
    await nav(page, 'Sync').click();
    await expect(page.getByText(/couldn.t sync|refused/i)).toHaveCount(0);
  }
  await deviceB.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on the task dialog with Repeat and steps, nor on Upcoming with repeats, ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.addInitScript((t) => localStorage.setItem('daybook-theme', t), theme);
    await page.goto('/today');
    await addTask(page, 'Bins out');
    await makeRepeat(page, 'Bins out', 'Weekly', /^Repeats every week on \w+day$/);
    const dialog = await openTask(page, 'Bins out');
    const add = dialog.getByRole('textbox', { name: 'Add step' });
    for (const title of ['Recycling', 'Garden waste']) {
      await add.fill(title);
      await add.press('Enter');
      await expect(dialog.getByRole('checkbox', { name: title, exact: true })).toBeVisible();
    }
    await dialog.getByRole('checkbox', { name: 'Recycling', exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Recycling', exact: true })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect.soft(await axeViolations(page), `task dialog (${theme})`).toEqual([]);
    await closeTask(page);

    await nav(page, 'Upcoming').click();
    await expect(page.getByRole('link', { name: 'Bins out (repeat)', exact: true })).toHaveCount(1);
    expect.soft(await axeViolations(page), `Upcoming with repeats (${theme})`).toEqual([]);
  });
}
