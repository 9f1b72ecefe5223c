// Sharing in e2e tests: the share dialog driven the way a person does it (SPEC §10 names), what a
// device knows about itself (for a change sent around the app), and when its live-update
// subscription is up (the Realtime join is answered), so a test can wait for it instead of sleeping.
import { expect, type Locator, type Page } from '@playwright/test';
import { rememberedUserId } from './account';

/** Opens the share dialog from the list screen's "Share" button. */
export async function openShareDialog(page: Page, listName: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${listName}”` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes the share dialog (back to the list). */
export async function closeShareDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/** The owner's invite form: e-mail, role, Invite; it shows as an invitation until the invitee accepts. */
export async function invite(dialog: Locator, email: string, role: 'Editor' | 'Viewer'): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  // offline it waits as a pending row; once synced it is an invitation
  const invited = dialog.getByRole('listitem', { name: `${email} · Invited as ${role.toLowerCase()}` });
  await expect(member(dialog, email).or(invited).first()).toBeVisible({ timeout: 20_000 });
}

/** The name a person shows until they choose one (SPEC §16): the part of their e-mail before @. */
export const nameOf = (email: string): string => email.split('@')[0] ?? email;

/** One person's row in the share dialog: a member by the name it shows, a queued invite by its exact e-mail. */
export function member(dialog: Locator, email: string): Locator {
  return dialog.getByRole('listitem', { name: email, exact: true }).or(dialog.getByRole('listitem', { name: nameOf(email), exact: true }));
}

/** The link to a list in the sidebar ("Your lists"); its name also carries the shared marker and count. */
export function sidebarList(page: Page, listName: string): Locator {
  return page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: listName });
}

/** What the device's database knows about itself (src/data/db/identity.ts): read straight from IndexedDB. */
export async function deviceIdentity(page: Page): Promise<{ userId: string; clientId: string; nextMutationId: number }> {
  const userId = await rememberedUserId(page);
  if (!userId) throw new Error('No account remembered on this page');
  const meta = await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const store = db.transaction('meta').objectStore('meta');
      const read = (key: string) =>
        new Promise<unknown>((resolve, reject) => {
          const get = store.get(key);
          get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value);
          get.onerror = () => reject(get.error);
        });
      return { clientId: await read('client_id'), nextMutationId: await read('next_mutation_id') };
    } finally {
      db.close();
    }
  }, `daybook-${userId}`);
  if (typeof meta.clientId !== 'string' || typeof meta.nextMutationId !== 'number') throw new Error(`No identity in daybook-${userId}`);
  return { userId, clientId: meta.clientId, nextMutationId: meta.nextMutationId };
}

/** The session's access token the app keeps (supabase-js storage key `daybook-auth`). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('daybook-auth');
    return raw ? ((JSON.parse(raw) as { access_token?: string }).access_token ?? null) : null;
  });
  if (!token) throw new Error('No session stored on this page');
  return token;
}

/** The task's id, from its title link (which shows /tasks/<id>). */
export async function taskId(item: Locator): Promise<string> {
  const href = await item.getByRole('link').first().getAttribute('href');
  const id = href?.match(/\/tasks\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`No task id in ${href}`);
  return id;
}

/**
 * Follows the page's live-update channel (`realtime:user:<id>`, src/backend/pokes.ts) from its
 * websocket frames: subscribed from the server's ok to the join until the channel or socket
 * closes. Call before the page signs in: frames on sockets opened earlier are not seen.
 */
export function watchLiveUpdates(page: Page): { subscribed: () => boolean; waitUntilSubscribed: (timeout?: number) => Promise<void> } {
  let subscribed = false;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/realtime/v1/websocket')) return;
    const joins = new Set<string>();
    const read = (payload: string | Buffer) => {
      if (typeof payload !== 'string') return null;
      try {
        const frame = JSON.parse(payload) as unknown;
        // vsn 2.0.0: [join_ref, ref, topic, event, payload]
        return Array.isArray(frame) && frame.length === 5 ? (frame as [string | null, string | null, string, string, unknown]) : null;
      } catch {
        return null;
      }
    };
    const ours = (topic: string) => topic.startsWith('realtime:user:');
    socket.on('framesent', ({ payload }) => {
      const frame = read(payload);
      if (!frame || !ours(frame[2])) return;
      if (frame[3] === 'phx_join' && frame[1]) joins.add(frame[1]);
      if (frame[3] === 'phx_leave') subscribed = false;
    });
    socket.on('framereceived', ({ payload }) => {
      const frame = read(payload);
      if (!frame || !ours(frame[2])) return;
      const [, ref, , event, body] = frame;
      if (event === 'phx_reply' && ref && joins.has(ref)) {
        joins.delete(ref);
        subscribed = (body as { status?: string } | null)?.status === 'ok';
      } else if (event === 'phx_close' || event === 'phx_error') {
        subscribed = false;
      }
    });
    socket.on('close', () => {
      subscribed = false;
    });
  });
  return {
    subscribed: () => subscribed,
    async waitUntilSubscribed(timeout = 20_000) {
      await expect.poll(() => subscribed, { message: 'live-update channel subscribed', timeout }).toBe(true);
    },
  };
}

/**
 * Starts recording every text the page shows in a status element (toasts, the sync indicator),
 * so a test can tell afterwards that a message never appeared — even one that a toast would
 * have shown and hidden again meanwhile. Lasts until the page reloads.
 */
export async function recordStatusTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statusTexts: string[] }).__statusTexts = seen;
    const look = () => {
      for (const el of document.querySelectorAll('[role=status]')) {
        const text = el.textContent ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __statusTexts: string[] }).__statusTexts);
}
