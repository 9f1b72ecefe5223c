// A notification by Web Push end to end (SPEC §17), two people in their own browsers: A shares a
// list with B and assigns B a task; the server's own sender (on its minute timer) pushes it to B's
// device at the local fake push service, which decrypts it (RFC 8291) and checks its VAPID
// signature; handed to B's service worker as the browser's push service would, it shows under
// one tag for B and opens the task; B's app lists it under Notifications too. (A browser cannot
// subscribe at a push service of the test's: B's device registers the fake service's
// subscription through the same RPC the app calls.)
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { startFakePushService, type PushSubscriptionJson } from '../helpers/fake-push-service';
import { syncNow } from './support/account';
import { addTask, createList, taskItem, waitForServiceWorker } from './support/app';
import { MAIN_URL, PUSH_PORT } from './support/env';
import { shareAndAccept, test } from './support/people';
import { pushTo, shown } from './support/push';
import { accessToken, deviceIdentity, nameOf, taskId } from './support/sharing';

/** Registers `sub` as this device's push subscription, as src/app/reminders/push-subscription.ts does. */
async function subscribe(page: Page, sub: PushSubscriptionJson) {
  const token = await accessToken(page);
  await page.evaluate(
    async ({ sub, token }) => {
      const config = (await (await fetch('/config.json')).json()) as { supabaseAnonKey: string };
      const res = await fetch('/rest/v1/rpc/push_subscribe', {
        method: 'POST',
        headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ p_endpoint: sub.endpoint, p_p256dh: sub.keys.p256dh, p_auth: sub.keys.auth, p_time_zone: 'UTC', p_remind_at: '09:00' }),
      });
      if (!res.ok) throw new Error(`push_subscribe: ${res.status} ${await res.text()}`);
    },
    { sub, token },
  );
}

test('a task assigned on one device reaches the assignee’s device as a push, shown under one tag', async ({ alice, bob }) => {
  // the server's sender pushes at the start of each minute
  test.setTimeout(240_000);
  const push = await startFakePushService({ port: PUSH_PORT });
  try {
    const name = `Chores ${randomUUID().slice(0, 6)}`;
    await createList(alice.page, name);
    const row = await addTask(alice.page, 'Mow the lawn');
    const mow = await taskId(row);
    await shareAndAccept(alice, bob, name, 'Editor');

    // B's device has push on
    await bob.context.grantPermissions(['notifications'], { origin: MAIN_URL });
    await waitForServiceWorker(bob.page);
    const { userId: bobId } = await deviceIdentity(bob.page);
    const sub = push.newSubscription();
    await subscribe(bob.page, sub);

    // A gives B the task
    await taskItem(alice.page, 'Mow the lawn').getByRole('link', { name: 'Mow the lawn' }).click();
    const dialog = alice.page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: nameOf(bob.email) });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await syncNow(alice.page);

    // the server's sender pushes it to B's device within a minute or so, once
    const delivered = () => push.deliveries.filter((d) => d.endpoint === sub.endpoint);
    await expect.poll(() => delivered().length, { timeout: 100_000, intervals: [1000] }).toBe(1);
    const title = `${nameOf(alice.email)} assigned you Mow the lawn`;
    const message = JSON.parse(delivered()[0]!.payload) as { options: { data: { ids: string[] } } };
    // opening it marks the assignment read
    const data = { kind: 'notification', userId: bobId, taskId: mow, url: `/tasks/${mow}`, ids: message.options.data.ids };
    expect(message.options.data.ids).toHaveLength(1);
    expect(message).toEqual({ kind: 'notification', title, options: { tag: `notifications:${bobId}`, body: '', data } });
    expect(push.rejections.filter((r) => r.endpoint === sub.endpoint)).toEqual([]);

    // B's device shows it
    const deliver = await pushTo(bob.context, bob.page);
    await deliver(delivered()[0]!.payload);
    await expect.poll(() => shown(bob.page), { timeout: 15_000 }).toEqual([{ title, tag: `notifications:${bobId}`, body: '', data, actions: [] }]);
    // a newer push replaces it: one notification for B on this device
    await deliver(JSON.stringify({ kind: 'notification', title: 'Newer', options: { tag: 'other', body: '', data: { ...data, taskId: null } } }));
    await expect.poll(async () => (await shown(bob.page)).map((n) => [n.title, n.tag, (n.data as { url: string }).url]), { timeout: 15_000 }).toEqual([
      ['Newer', `notifications:${bobId}`, '/notifications'],
    ]);

    // and B's app has it among the notifications
    await syncNow(bob.page);
    await bob.page.getByRole('link', { name: /^Notifications/ }).first().click();
    await expect(bob.page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'assigned you' })).toContainText('Mow the lawn');
  } finally {
    await push.close();
  }
});
