// Calendar feeds end to end (SPEC §19): a feed made offline in Settings → "Calendar feed" works
// once it is sent: its address answers text/calendar with the person's dated task (read with
// ical.js); "Revoke" makes it 404 once sent. The task dialog's "Add to calendar" downloads the
// task as an .ics file. The section passes axe in the light and the dark theme.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { signUp, syncEverything, uniqueEmail } from './support/account';
import { addTask } from './support/app';
import { axeViolations } from './support/axe';

test.setTimeout(90_000);

const summaries = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary);

test('a feed made offline answers once sent, with the task; revoked, it is gone; Add to calendar downloads the task', async ({ page, context }) => {
  await signUp(page, { email: uniqueEmail('feed') });
  await addTask(page, 'Water the beans');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  const section = page.getByRole('region', { name: 'Calendar feed' });
  // Settings on screen before the network goes: offline, a screen whose code was still on its way
  // (the first visit, before the service worker holds the app) cannot open
  await expect(section.getByRole('textbox', { name: 'Feed name' })).toBeVisible();
  await context.setOffline(true);
  await section.getByRole('textbox', { name: 'Feed name' }).fill('Garden');
  await section.getByRole('button', { name: 'Create feed' }).click();
  const item = section.getByRole('listitem', { name: 'Garden' });
  await expect(item.getByText('Sent at the next sync')).toBeVisible();
  const address = await item.getByRole('textbox', { name: 'Garden feed address' }).inputValue();
  expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  // the section with a feed listed passes axe in both themes
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `Settings with a feed (${colorScheme})`).toEqual([]);
  }
  await context.setOffline(false);
  await syncEverything(page);

  const res = await page.request.get(address);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  expect(summaries(text)).toContain('Water the beans');
  expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe('Garden');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await section.getByRole('listitem', { name: 'Garden' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByRole('listitem', { name: 'Garden' })).toHaveCount(0);
  await syncEverything(page);
  expect((await page.request.get(address)).status()).toBe(404);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today', exact: true }).click();
  await page.getByRole('link', { name: 'Water the beans' }).click();
  const dialog = page.getByRole('dialog');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe('Water-the-beans.ics');
  expect(summaries(readFileSync((await download.path())!, 'utf8'))).toEqual(['Water the beans']);
});
