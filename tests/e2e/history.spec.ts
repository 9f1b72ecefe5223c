// History end to end (SPEC §17), two people in their own browsers: B renames a shared task; A
// opens the task's History, sees B's rename with the earlier title, and restores it with "Restore
// this version" — a plain edit that syncs, so B sees the earlier title again. A's list Activity
// shows B joining.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { syncUntil } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { shareAndAccept, test } from './support/people';
import { sidebarList } from './support/sharing';

async function openTask(page: Page, listName: string, title: string) {
  await sidebarList(page, listName).click();
  await taskItem(page, title).getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: 'Task' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title, { timeout: 20_000 });
  return dialog;
}

test('B renames a task; A restores the earlier title from its History and B sees it', async ({ alice, bob }) => {
  test.setTimeout(240_000);
  const name = `House ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await addTask(alice.page, 'Paint the fence');
  await shareAndAccept(alice, bob, name, 'Editor');

  await sidebarList(bob.page, name).click();
  await syncUntil(bob.page, async () => {
    await expect(taskItem(bob.page, 'Paint the fence')).toBeVisible({ timeout: 2000 });
  });
  const b = await openTask(bob.page, name, 'Paint the fence');
  await b.getByRole('textbox', { name: 'Title' }).fill('Paint the gate');
  await b.getByRole('button', { name: 'Close' }).click();
  await expect(b).toBeHidden();

  await sidebarList(alice.page, name).click();
  await syncUntil(alice.page, async () => {
    await expect(taskItem(alice.page, 'Paint the gate')).toBeVisible({ timeout: 2000 });
  });
  const a = await openTask(alice.page, name, 'Paint the gate');
  await a.getByText('History', { exact: true }).click();
  const rename = a.getByRole('listitem').filter({ hasText: 'renamed it' });
  await expect(rename).toContainText('Paint the fence → Paint the gate');
  await expect(a.getByRole('listitem').filter({ hasText: 'created the task' })).toContainText(alice.email.split('@')[0]!);
  await rename.getByRole('button', { name: 'Restore this version' }).click();
  await expect(a.getByRole('textbox', { name: 'Title' })).toHaveValue('Paint the fence');
  await expect(alice.page.getByText('Title restored')).toBeVisible();
  await a.getByRole('button', { name: 'Close' }).click();

  await syncUntil(bob.page, async () => {
    await expect(taskItem(bob.page, 'Paint the fence')).toBeVisible({ timeout: 2000 });
  });

  // the list's Activity, from its header
  await alice.page.getByRole('button', { name: 'Activity' }).click();
  const activity = alice.page.getByRole('dialog', { name: `Activity in “${name}”` });
  await expect(activity.getByRole('listitem').filter({ hasText: 'joined the list' }).first()).toBeVisible();
  await expect(activity.getByRole('listitem').filter({ hasText: 'renamed “Paint the fence”' }).first()).toBeVisible();
});
