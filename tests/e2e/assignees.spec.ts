// Who does what end to end (SPEC §13.2), two people in their own browsers: A shares a list with
// B, gives B a task in the task dialog, adds another with quick add's "+name"; both show on B's
// "Assigned to me" without a reload, and the rows carry B's initials named "Assigned to <B>".
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { addTask, createList, taskItem } from './support/app';
import { shareAndAccept, test } from './support/people';
import { nameOf } from './support/sharing';

test('a task assigned on one device shows in "Assigned to me" on the other', async ({ alice, bob }) => {
  test.setTimeout(120_000);
  const name = `Chores ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await addTask(alice.page, 'Mow the lawn');
  await shareAndAccept(alice, bob, name, 'Editor');

  // A gives B the task in its dialog
  await taskItem(alice.page, 'Mow the lawn').getByRole('link', { name: 'Mow the lawn' }).click();
  const dialog = alice.page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: nameOf(bob.email) });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(taskItem(alice.page, 'Mow the lawn').getByRole('img', { name: `Assigned to ${nameOf(bob.email)}` })).toBeVisible();

  // and another with quick add: "+" and the part of B's e-mail before @
  const box = alice.page.getByRole('textbox', { name: 'New task' });
  await box.fill(`Clean the gutters +${bob.email.split('@')[0]}`);
  await expect(alice.page.getByRole('region', { name: 'Recognised' })).toContainText(`Assigned to ${bob.email.split('@')[0]}`);
  await box.press('Enter');
  await expect(taskItem(alice.page, 'Clean the gutters').getByRole('img', { name: `Assigned to ${nameOf(bob.email)}` })).toBeVisible();

  // B's "Assigned to me", live
  await bob.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assigned to me' }).click();
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Assigned to me' })).toBeVisible();
  for (const title of ['Mow the lawn', 'Clean the gutters']) {
    const row = taskItem(bob.page, title);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByRole('img', { name: `Assigned to ${nameOf(bob.email)}` })).toBeVisible();
  }
  await expect(bob.page.getByRole('region', { name: /^No date/ })).toBeVisible();
});
