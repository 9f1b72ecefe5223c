// Web Push in the e2e tests: a push delivered to the page's service worker by the DevTools
// protocol (ServiceWorker.deliverPushMessage), as the browser's push service would deliver it,
// and the notifications the worker shows.
import type { BrowserContext, Page } from '@playwright/test';
import { MAIN_URL } from './env';

/** A function that delivers one push message (its JSON text) to the page's service worker. */
export async function pushTo(context: BrowserContext, page: Page): Promise<(data: string) => Promise<unknown>> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => !x.isDeleted && x.scopeURL.startsWith(MAIN_URL));
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: MAIN_URL, registrationId: id, data });
}

/** The notifications the service worker shows now. */
export function shown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      tag: n.tag,
      body: n.body,
      data: n.data as unknown,
      actions: (n as Notification & { actions?: { action: string; title: string }[] }).actions?.map((a) => a.title) ?? [],
    }));
  });
}

export const closeAll = (page: Page) =>
  page.evaluate(async () => {
    for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
  });
