// Comments end to end (SPEC §17), three people in their own browsers: A shares a list with B (an
// editor) and C (a viewer); A writes a comment while offline — it waits on A's device like any
// change — and once A is back it reaches B and C, with A's name and the row's "1 comment". B
// answers with a mention picked from the "@" suggestions; C reads both and has no composer.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { signUp, syncIndicator, syncUntil, uniqueEmail } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { type Person, shareAndAccept, test } from './support/people';
import { axeViolations } from './support/axe';
import { nameOf, sidebarList } from './support/sharing';

async function openTask(page: Page, listName: string, title: string) {
  await sidebarList(page, listName).click();
  await taskItem(page, title).getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: 'Task' });
  const comments = dialog.getByRole('region', { name: 'Comments' });
  await expect(comments).toBeVisible();
  return { dialog, comments };
}

test('a comment written offline reaches the others; a mention and a viewer’s read-only view', async ({ browser, alice, bob }) => {
  test.setTimeout(240_000);
  const carolContext = await browser.newContext();
  const carolPage = await carolContext.newPage();
  const { email: carolEmail } = await signUp(carolPage, { email: uniqueEmail('carol') });
  const carol: Person = { context: carolContext, page: carolPage, email: carolEmail };

  const name = `House ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await addTask(alice.page, 'Paint the fence');
  await shareAndAccept(alice, bob, name, 'Editor');
  await shareAndAccept(alice, carol, name, 'Viewer');

  // A, offline, comments: it shows at once and waits on the device
  await alice.context.setOffline(true);
  const a = await openTask(alice.page, name, 'Paint the fence');
  const box = a.comments.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('I’ll pick it up after work — https://example.com/paint');
  await box.press('Control+Enter');
  const mine = a.comments.getByRole('listitem').filter({ hasText: 'I’ll pick it up after work' });
  await expect(mine).toContainText(nameOf(alice.email));
  await expect(mine.getByRole('link', { name: 'https://example.com/paint' })).toHaveAttribute('target', '_blank');
  await expect(box).toHaveValue('');
  await a.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(taskItem(alice.page, 'Paint the fence').getByRole('img', { name: '1 comment', exact: true })).toBeVisible();
  await expect(syncIndicator(alice.page, /Offline|1 change waiting/).first()).toBeVisible();

  // back online: it reaches B and C
  await alice.context.setOffline(false);
  for (const p of [bob, carol]) {
    await sidebarList(p.page, name).click();
    await syncUntil(p.page, async () => {
      await expect(taskItem(p.page, 'Paint the fence').getByRole('img', { name: '1 comment', exact: true })).toBeVisible({ timeout: 2000 });
    });
  }

  // B answers, mentioning A through the "@" suggestions
  const b = await openTask(bob.page, name, 'Paint the fence');
  await expect(b.comments.getByRole('listitem').filter({ hasText: 'I’ll pick it up after work' })).toContainText(nameOf(alice.email));
  const answer = b.comments.getByRole('textbox', { name: 'Add a comment' });
  await answer.pressSequentially(`Thanks @${nameOf(alice.email).slice(0, 5)}`);
  const options = b.comments.getByRole('listbox', { name: 'Members' });
  await expect(options.getByRole('option', { name: nameOf(alice.email) })).toBeVisible();
  await answer.press('Enter');
  await answer.pressSequentially('I bought the paint');
  await b.comments.getByRole('button', { name: 'Comment' }).click();
  const his = b.comments.getByRole('listitem').filter({ hasText: 'I bought the paint' });
  await expect(his.getByText(`@${nameOf(alice.email)}`)).toBeVisible();
  await expect(his.getByRole('button', { name: 'Edit' })).toBeVisible();
  // the section with comments, a link, a mention and the "@" listbox open, light and dark
  await answer.pressSequentially('@');
  await expect(options).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    // (no transitions: axe reads the colours the theme ends on)
    await bob.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    expect(await axeViolations(bob.page), `axe, ${scheme}`).toEqual([]);
  }
  await answer.press('Escape');
  await expect(options).toBeHidden();
  await expect(b.dialog).toBeVisible();
  await answer.fill('');
  await b.dialog.getByRole('button', { name: 'Close' }).click();

  // C, a viewer, reads both and cannot write
  await syncUntil(carol.page, async () => {
    await expect(taskItem(carol.page, 'Paint the fence').getByRole('img', { name: '2 comments' })).toBeVisible({ timeout: 2000 });
  });
  const c = await openTask(carol.page, name, 'Paint the fence');
  await expect(c.comments.getByRole('listitem')).toHaveCount(2);
  await expect(c.comments.getByRole('listitem').nth(1)).toContainText(`Thanks @${nameOf(alice.email)} I bought the paint`);
  await expect(c.comments.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await expect(c.comments.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // A, the owner, may delete B's comment; it goes from C's screen too
  await syncUntil(alice.page, async () => {
    await expect(taskItem(alice.page, 'Paint the fence').getByRole('img', { name: '2 comments' })).toBeVisible({ timeout: 2000 });
  });
  const a2 = await openTask(alice.page, name, 'Paint the fence');
  const bobs = a2.comments.getByRole('listitem').filter({ hasText: 'I bought the paint' });
  await expect(bobs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await bobs.getByRole('button', { name: 'Delete' }).click();
  await expect(bobs).toHaveCount(0);
  await c.dialog.getByRole('button', { name: 'Close' }).click();
  await syncUntil(carol.page, async () => {
    await expect(taskItem(carol.page, 'Paint the fence').getByRole('img', { name: '1 comment', exact: true })).toBeVisible({ timeout: 2000 });
  });
  await carolContext.close();
});
