// A reminder pushed by the server (SPEC §11.4), in real Chromium: the service worker shows it as
// a notification with the device path's tag, and shows a reminder only once per device — a
// second push of the same reminder shows nothing; a snooze's is shown again. The push is
// delivered to the worker by the DevTools protocol (ServiceWorker.deliverPushMessage), as the
// browser's push service would deliver it; the message is the server's own (supabase/functions/_shared/push-payload.ts).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type DuePush, pushMessage, reminderPush } from '../../supabase/functions/_shared/push-payload';
import { waitForServiceWorker } from './support/app';
import { MAIN_URL } from './support/env';
import { closeAll, pushTo, shown } from './support/push';

function message(title: string, taskId: string, snoozedUntil: string | null = null, fireAt?: string): string {
  return JSON.stringify(reminderPush(dueRow(title, taskId, snoozedUntil, fireAt)));
}

/** A due reminder as the server has it: a snoozed one fires at its snooze's end. */
function dueRow(title: string, taskId: string, snoozedUntil: string | null = null, fireAt = snoozedUntil ?? '2030-10-01T09:00:00+00:00'): DuePush {
  return {
    subscription_id: randomUUID(),
    endpoint: 'https://push.example/x',
    p256dh: '',
    auth: '',
    // signed out: the device's database is daybook-local
    user_id: null as unknown as string,
    time_zone: 'Europe/London',
    task_id: taskId,
    occurrence: '2030-10-01',
    fire_at: fireAt,
    title,
    due_time: '10:00',
    list_name: 'Inbox',
    today: '2030-10-01',
    snoozed_until: snoozedUntil,
  };
}

test('a pushed reminder shows as a notification once per device, under the device path’s tag', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: MAIN_URL });
  await page.goto('/today');
  await waitForServiceWorker(page);
  const deliver = await pushTo(context, page);
  const rent = randomUUID();
  const tag = `reminder:${rent}:2030-10-01`;

  await deliver(message('Pay rent', rent));
  await expect.poll(() => shown(page), { timeout: 15_000 }).toEqual([
    {
      title: 'Pay rent',
      tag,
      body: 'Today at 10:00 · Inbox',
      data: { kind: 'reminder', taskId: rent, occurrence: '2030-10-01', userId: null, url: `/tasks/${rent}` },
      actions: ['Complete', 'Snooze 10 minutes'],
    },
  ]);
  await closeAll(page);
  expect(await shown(page)).toEqual([]);

  // the same reminder again (the server's retry, or the device's schedule came first): nothing;
  // a different one pushed after it shows, so the duplicate's handler has run by then
  await deliver(message('Pay rent', rent));
  const bins = randomUUID();
  await deliver(message('Bins out', bins));
  await expect.poll(async () => (await shown(page)).map((n) => n.title), { timeout: 15_000 }).toEqual(['Bins out']);
  await page.waitForTimeout(500);
  expect((await shown(page)).map((n) => n.tag)).toEqual([`reminder:${bins}:2030-10-01`]);
  await closeAll(page);

  // snoozed: the same tag with the snooze's end is a new showing, once
  await deliver(message('Pay rent', rent, '2030-10-01T09:10:00+00:00'));
  await expect.poll(async () => (await shown(page)).map((n) => n.tag), { timeout: 15_000 }).toEqual([tag]);
  await closeAll(page);
  await deliver(message('Pay rent', rent, '2030-10-01T09:10:00.000Z'));
  const last = randomUUID();
  await deliver(message('Last', last));
  await expect.poll(async () => (await shown(page)).map((n) => n.title), { timeout: 15_000 }).toEqual(['Last']);
  await closeAll(page);

  // the due time moved after it fired: the new firing shows under the same tag, once
  await deliver(message('Pay rent', rent, null, '2030-10-01T16:45:00+00:00'));
  await expect.poll(async () => (await shown(page)).map((n) => n.tag), { timeout: 15_000 }).toEqual([tag]);
  await closeAll(page);
  await deliver(message('Pay rent', rent, null, '2030-10-01T16:45:00.000Z'));
  const after = randomUUID();
  await deliver(message('After', after));
  await expect.poll(async () => (await shown(page)).map((n) => n.title), { timeout: 15_000 }).toEqual(['After']);
});

test('reminders due together are one notification without buttons; a push cannot choose its buttons', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: MAIN_URL });
  await page.goto('/today');
  await waitForServiceWorker(page);
  const deliver = await pushTo(context, page);
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  await deliver(JSON.stringify(pushMessage([dueRow('Pay rent', a), dueRow('Call mum', b), dueRow('Bins out', c)])));
  await expect.poll(() => shown(page), { timeout: 15_000 }).toEqual([
    {
      title: '3 reminders: Pay rent, Call mum, Bins out',
      tag: `reminders:${a}:2030-10-01`,
      body: 'Pay rent\nCall mum\nBins out',
      data: { kind: 'reminder', taskId: a, occurrence: '2030-10-01', userId: null, url: `/tasks/${a}` },
      actions: [],
    },
  ]);
  await closeAll(page);
  // each was recorded as shown: the same reminder pushed alone shows nothing; one with its own buttons offered shows the reminder's
  await deliver(message('Call mum', b));
  const d = randomUUID();
  const forged = JSON.parse(message('Water plants', d)) as { options: { actions: unknown } };
  forged.options.actions = [{ action: 'complete', title: 'Visit evil.example' }];
  await deliver(JSON.stringify(forged));
  await expect.poll(async () => (await shown(page)).map((n) => [n.title, n.actions]), { timeout: 15_000 }).toEqual([
    ['Water plants', ['Complete', 'Snooze 10 minutes']],
  ]);
});
