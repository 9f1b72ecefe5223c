// Backup end to end (SPEC §15 "Imports never vanish"): one person's export, imported by another
// account on another device, reaches the server whole — the records whose ids the first account
// holds get new ones, the report says how many, and nothing waits refused in the sync centre.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signUp, syncEverything } from './support/account';
import { addTask, createList, taskItem } from './support/app';

test('an export imported into another account syncs whole, with new ids where the first account holds them', async ({ browser, page: alice }) => {
  test.setTimeout(120_000);
  await signUp(alice);
  await createList(alice, 'Gym');
  await addTask(alice, 'Swim');
  await alice.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today', exact: true }).click();
  await addTask(alice, 'Call the plumber');
  await syncEverything(alice);

  await alice.goto('/settings');
  const [download] = await Promise.all([alice.waitForEvent('download'), alice.getByRole('button', { name: 'Export data' }).click()]);
  const file = await readFile((await download.path()) as string);

  const bobsPhone = await browser.newContext();
  const bob = await bobsPhone.newPage();
  await signUp(bob);
  await bob.goto('/settings');
  await bob.getByLabel('Import data').setInputFiles({ name: 'daybook-export.json', mimeType: 'application/json', buffer: file });
  const report = bob.getByRole('region', { name: 'Import report' });
  await expect(report.getByText('daybook-export.json: Imported 1 list and 2 tasks (3 given new ids).')).toBeVisible({ timeout: 20_000 });

  await syncEverything(bob);
  await bob.getByRole('link', { name: 'Sync', exact: true }).click();
  await expect(bob.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
  await expect(bob.getByRole('heading', { name: /^Not synced/ })).toHaveCount(0);

  // After a reload (everything from the device's own database and the server), the tasks are there.
  await bob.reload();
  await bob.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists', exact: true }).click();
  await bob.getByRole('list', { name: 'All lists' }).getByRole('link', { name: 'Gym', exact: true }).click();
  await expect(taskItem(bob, 'Swim')).toBeVisible();

  // Importing the same file again adds nothing.
  await bob.goto('/settings');
  await bob.getByLabel('Import data').setInputFiles({ name: 'daybook-export.json', mimeType: 'application/json', buffer: file });
  await expect(bob.getByRole('region', { name: 'Import report' }).getByText('daybook-export.json: Nothing was imported.')).toBeVisible({ timeout: 20_000 });
  await bobsPhone.close();
});
