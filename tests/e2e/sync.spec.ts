// Sync end to end (SPEC §1, §4, §8): two devices of one user, one of them offline for a while,
// editing the same task; and two tabs of one device syncing through a single leader tab.
import { expect, type Page, test } from '@playwright/test';
import { signIn, signUp, syncEverything, syncIndicator, syncUntil, waitForSynced } from './support/account';
import { addTask, taskItem, waitForServiceWorker } from './support/app';

async function openTask(page: Page, title: string) {
  await taskItem(page, title).getByRole('link', { name: title }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  return dialog;
}

async function closeTask(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('offline edits on one device and an online edit of another field on a second device merge when the first reconnects', async ({
  browser,
  context,
  page: a,
}) => {
  test.setTimeout(180_000);
  const account = await signUp(a);
  await addTask(a, 'Water the plants');
  await waitForServiceWorker(a);

  const deviceB = await browser.newContext();
  const b = await deviceB.newPage();
  await signIn(b, account);
  await syncUntil(b, () => expect(taskItem(b, 'Water the plants')).toBeVisible({ timeout: 2000 }));

  // Device A loses the network and keeps working.
  await context.setOffline(true);
  await expect(syncIndicator(a, 'Offline')).toBeVisible();
  await addTask(a, 'Buy stamps');
  await expect(a.getByText("Saved offline — will sync when you're back")).toBeVisible();
  const dialog = await openTask(a, 'Water the plants');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Water the ferns');
  await closeTask(a);

  // A reload with no network: the data and the queue are still there.
  await a.reload();
  await expect(taskItem(a, 'Water the ferns')).toBeVisible();
  await expect(taskItem(a, 'Buy stamps')).toBeVisible();
  await expect(syncIndicator(a, /^(Offline|\d+ changes? waiting)$/)).toBeVisible();
  await a.getByRole('link', { name: 'Sync', exact: true }).click();
  const queue = a.getByRole('list', { name: /Waiting to sync/ });
  await expect(queue.getByText('Add task “Buy stamps”')).toBeVisible();
  await expect(queue.getByText(/“Water the ferns”/).first()).toBeVisible();
  await a.getByRole('link', { name: 'Today', exact: true }).click();

  // Meanwhile device B, online, edits the same task's notes.
  const onB = await openTask(b, 'Water the plants');
  await onB.getByRole('textbox', { name: 'Notes' }).fill('Use the rain water');
  await closeTask(b);
  await syncEverything(b);

  // A reconnects: its queue goes out, B's edit comes in, and A says how many changes synced.
  await context.setOffline(false);
  await expect(a.getByText(/^Synced \d+ changes?$/)).toBeVisible({ timeout: 30_000 });
  await syncUntil(a, async () => {
    const merged = await openTask(a, 'Water the ferns');
    await expect(merged.getByRole('textbox', { name: 'Notes' })).toHaveValue('Use the rain water', { timeout: 1000 });
    await closeTask(a);
  });
  await syncUntil(b, async () => {
    await expect(taskItem(b, 'Buy stamps')).toBeVisible({ timeout: 1000 });
    const merged = await openTask(b, 'Water the ferns');
    await expect(merged.getByRole('textbox', { name: 'Notes' })).toHaveValue('Use the rain water');
    await closeTask(b);
  });
  await expect(taskItem(b, 'Water the plants')).toHaveCount(0);
  await deviceB.close();
});

test('two tabs of one user sync through one leader tab; both show the data and the status', async ({ context, page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const tab = await context.newPage();
  const requests = new Map<Page, string[]>([
    [page, []],
    [tab, []],
  ]);
  for (const [p, seen] of requests) {
    p.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/rest\/v1\/rpc\/sync_(push|pull)$/.test(path)) seen.push(path);
    });
  }
  await tab.goto('/today');
  await waitForSynced(tab);

  await addTask(tab, 'Written in the second tab');
  await addTask(page, 'Written in the first tab');
  // Each tab shows what the other wrote (IndexedDB is shared; live queries see each other's writes).
  await expect(taskItem(page, 'Written in the second tab')).toBeVisible();
  await expect(taskItem(tab, 'Written in the first tab')).toBeVisible();

  const all = () => [...requests.values()].flat();
  await expect.poll(() => all().filter((path) => path.endsWith('sync_push')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(async () => {
    await expect(syncIndicator(page, 'Synced')).toBeVisible({ timeout: 1000 });
    await expect(syncIndicator(tab, 'Synced')).toBeVisible({ timeout: 1000 });
    await expect(page.getByRole('status', { name: /waiting/ })).toHaveCount(0);
  }).toPass({ timeout: 30_000 });

  // Only one tab talked to the server.
  const senders = [...requests].filter(([, seen]) => seen.length > 0);
  expect(senders, `sync requests per tab: ${[...requests.values()].map((s) => s.length).join(' / ')}`).toHaveLength(1);
});
