// Week (SPEC §18) in real Chromium: a task dragged to another day with the pointer, moved with
// Alt+Arrow keys (a day, and 15 minutes for a timed one), a block of the day timeline resized by
// its bottom edge, and axe on Week in the light and dark themes, laptop and phone.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { taskItem } from './support/app';
import { axeViolations } from './support/axe';

/** Today on the device, and the week's first day set to Monday for a known layout. */
async function openWeek(page: Page, theme: 'light' | 'dark' = 'light'): Promise<string> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.addInitScript((t) => {
    localStorage.setItem('daybook-theme', t);
    localStorage.setItem('daybook-week-start', '1');
  }, theme);
  await page.goto('/week');
  await expect(page.getByRole('heading', { level: 1, name: 'Week' })).toBeVisible();
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

const day = (page: Page, iso: string): Locator => page.locator(`section[data-week-day="${iso}"]`);

function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Another day of the same week (Monday start): tomorrow, or yesterday on a Sunday. */
function neighbour(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).getUTCDay() === 0 ? addDays(iso, -1) : addDays(iso, 1);
}

/** Adds with the day's quick add; `chip` waits for what quick add understood (its parser loads on demand). */
async function addTo(column: Locator, text: string, chip?: string) {
  const box = column.getByRole('textbox', { name: 'New task' });
  await box.fill(text);
  if (chip) await expect(column.getByRole('region', { name: 'Recognised' })).toContainText(chip);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('a task is dragged to another day with the pointer', async ({ page }) => {
  const today = await openWeek(page);
  const target = neighbour(today);
  await addTo(day(page, today), 'Water the plants');
  const row = taskItem(day(page, today), 'Water the plants');
  await expect(row).toBeVisible();

  const handle = row.locator('.drag-handle');
  const from = (await handle.boundingBox())!;
  const to = (await day(page, target).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 8 });
  await page.mouse.up();

  await expect(taskItem(day(page, target), 'Water the plants')).toBeVisible();
  await expect(taskItem(day(page, today), 'Water the plants')).toHaveCount(0);
  await expect(page.getByText(/Moved "Water the plants" to/)).toBeAttached();
});

test('a focused task moves a day with Alt+Arrow keys and a timed one by 15 minutes', async ({ page }) => {
  const today = await openWeek(page);
  const target = neighbour(today);
  const key = target > today ? 'Alt+ArrowRight' : 'Alt+ArrowLeft';
  const back = target > today ? 'Alt+ArrowLeft' : 'Alt+ArrowRight';
  await addTo(day(page, today), 'Call the plumber at 10:00', '10:00');
  const box = taskItem(day(page, today), 'Call the plumber').getByRole('checkbox');
  await box.focus();
  await page.keyboard.press(key);

  const moved = taskItem(day(page, target), 'Call the plumber');
  await expect(moved).toBeVisible();
  await expect(moved.getByRole('checkbox')).toBeFocused();
  await expect(page.getByText(/Moved "Call the plumber" to/)).toBeAttached();

  await page.keyboard.press('Alt+ArrowDown');
  await expect(moved).toContainText('10:15');
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(moved).toContainText('09:45');

  await page.keyboard.press(back);
  await expect(taskItem(day(page, today), 'Call the plumber').getByRole('checkbox')).toBeFocused();
  // Alt+Left is also the browser's Back: the move kept the page where it was.
  await expect(page).toHaveURL(/\/week/);
});

test('a block on the day timeline is resized in 15-minute steps', async ({ page }) => {
  const today = await openWeek(page);
  await addTo(day(page, today), 'Team review at 9:00', '09:00');
  await expect(taskItem(day(page, today), 'Team review')).toBeVisible();
  await day(page, today).getByRole('button', { name: /^Timeline/ }).click();
  const link = page.getByRole('link', { name: /^Team review\s+09:00–09:30/ });
  await expect(link).toBeVisible();

  const edge = page.getByRole('listitem').filter({ has: link }).getByTestId('resize');
  const box = (await edge.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // 48 px an hour: 40 px is 50 minutes, which snaps to 45
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByRole('link', { name: /^Team review\s+09:00–10:15/ })).toBeVisible();

  // and it moves with the keyboard too
  await page.getByRole('link', { name: /^Team review/ }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByRole('link', { name: /^Team review\s+09:15–10:30/ })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on Week, ${theme} theme`, async ({ page }) => {
    const today = await openWeek(page, theme);
    await addTo(day(page, today), 'Renew the library card');
    await addTo(day(page, today), 'Dentist at 15:00 for 45m', 'For 45 min');
    await addTo(day(page, neighbour(today)), 'Stand-up every day at 9:00', '09:00');
    await expect(taskItem(day(page, today), 'Renew the library card')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect.soft(await axeViolations(page), `Week (${theme})`).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Days' })).toBeVisible();
    expect.soft(await axeViolations(page), `Week on a phone (${theme})`).toEqual([]);

    await page.goto(`/week?day=${today}`);
    await expect(page.getByRole('list', { name: 'Timed tasks' })).toBeVisible();
    expect.soft(await axeViolations(page), `Day timeline (${theme})`).toEqual([]);
  });
}

test('on a phone a task is dragged onto a day of the week strip', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const today = await openWeek(page);
  const target = neighbour(today);
  await addTo(day(page, today), 'Post the parcel');
  const row = taskItem(day(page, today), 'Post the parcel');
  const handle = (await row.locator('.drag-handle').boundingBox())!;
  const strip = page.locator(`.week-strip-day[data-week-day="${target}"]`);
  const to = (await strip.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(strip).toHaveAccessibleName(/, 1 task$/);
  await strip.click();
  await expect(taskItem(day(page, target), 'Post the parcel')).toBeVisible();
});

test('on a touch screen a task is dragged onto another day with a finger', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' });
  const page = await context.newPage();
  const today = await openWeek(page);
  const target = neighbour(today);
  await addTo(day(page, today), 'Return the books');
  const handle = (await taskItem(day(page, today), 'Return the books').locator('.drag-handle').boundingBox())!;
  const to = (await page.locator(`.week-strip-day[data-week-day="${target}"]`).boundingBox())!;
  // touch events through the DevTools protocol: Chromium turns them into touch pointer events
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  await touch('touchStart', from.x, from.y);
  for (let k = 1; k <= 8; k++) {
    await touch('touchMove', from.x + ((to.x + to.width / 2 - from.x) * k) / 8, from.y + ((to.y + to.height / 2 - from.y) * k) / 8);
  }
  await touch('touchEnd', 0, 0);
  await expect(page.locator(`.week-strip-day[data-week-day="${target}"]`)).toHaveAccessibleName(/, 1 task$/);
  await context.close();
});

test('on a phone, "New task" adds to the day picked on the strip, which a reload keeps', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const today = await openWeek(page);
  const target = neighbour(today);
  await page.locator(`.week-strip-day[data-week-day="${target}"]`).click();
  await expect(day(page, target)).toBeVisible();
  await page.reload();
  await expect(day(page, target)).toBeVisible();

  await page.getByRole('button', { name: 'New task' }).click();
  const sheet = page.getByRole('dialog', { name: 'New task' });
  const field = sheet.getByRole('textbox', { name: 'New task' });
  await field.fill('Pick up the keys');
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(taskItem(day(page, target), 'Pick up the keys')).toBeVisible();
  await expect(page.locator(`.week-strip-day[data-week-day="${target}"]`)).toHaveAccessibleName(/, 1 task$/);
});
