// /notifications (SPEC §17): the person's notifications newest first with who, what, the task and
// when; the unread count in the navigation's name; "Mark all as read" queued as one change.
import { setMediaMatches } from './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity } from '@/data';
import type { AppNotification } from '@/domain/model';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';

freshAppEachTest();

function note(id: string, minutesAgo: number, fields: Partial<AppNotification>): AppNotification & { unread: 0 | 1 } {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const n: AppNotification = { id, kind: 'assigned', list_id: null, task_id: null, actor_id: 'u-ana', at, read_at: null, payload: { actor_name: 'Ana' }, version: 1, ...fields };
  return { ...n, unread: n.read_at === null ? 1 : 0 };
}

async function seed() {
  await getDb().notifications.bulkPut([
    note('n1', 120, { kind: 'assigned', task_id: 't1', payload: { actor_name: 'Ana', title: 'Buy milk' } }),
    note('n2', 5, { kind: 'comment', task_id: 't2', payload: { actor_name: 'Bo', title: 'Paint the fence' } }),
    note('n3', 60 * 30, { kind: 'invited', payload: { actor_name: 'Cy', list_name: 'Club' }, read_at: new Date().toISOString() }),
  ]);
}

describe('/notifications', () => {
  it('lists them newest first with who, what and when, and counts the unread in the navigation', { timeout: 20_000 }, async () => {
    await seed();
    renderRoutes('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/Bo commented on Paint the fence \(unread\)5 minutes ago$/),
      expect.stringMatching(/Ana assigned you Buy milk \(unread\)2 hours ago$/),
      expect.stringMatching(/Cy invited you to Club/),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Paint the fence' })).toBeInTheDocument();
    await waitFor(() => {
      const link = screen.getAllByRole('link').find((l) => l.getAttribute('href') === '/notifications');
      expect(link).toHaveAccessibleName(/^Notifications\W*2\s*unread$/);
    });
  });

  it('on a phone, the header holds a bell named with the unread count', { timeout: 20_000 }, async () => {
    setMediaMatches(() => false);
    try {
      await seed();
      const { user } = renderRoutes('/today');
      // Today on a phone has no sidebar: this is the header's bell
      const bell = await screen.findByRole('link', { name: /^Notifications\W*2\s*unread$/ });
      expect(bell.closest('.topbar')).not.toBeNull();
      await user.click(bell);
      await screen.findByRole('list', { name: 'Notifications' });
    } finally {
      setMediaMatches((q) => q.includes('min-width'));
    }
  });

  it('"Mark all as read" marks every one and queues one change', { timeout: 20_000 }, async () => {
    await seed();
    const { user } = renderRoutes('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(async () => expect(await getDb().notifications.where('[unread+at]').between([1, ''], [1, '\uffff']).count()).toBe(0));
    const outbox = await getDb().outbox.toArray();
    expect(outbox.map((m) => m.name)).toEqual(['notification.read_all']);
    expect(await screen.findByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('link', { name: /unread/ })).toBeNull());
  });
});

describe('a shared list’s "Notifications"', () => {
  it('sets the person’s level for the list, queued as one change', { timeout: 20_000 }, async () => {
    const me = (await getIdentity())!.userId;
    const { list } = await seedSharedList(getDb(), me, 'editor', { 'ann@example.com': 'owner' });
    const { user } = renderRoutes(`/lists/${list.id}`);
    const select = await screen.findByRole('combobox', { name: 'Notifications' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Only mine', 'Off']);
    await user.selectOptions(select, 'Off');
    await waitFor(async () => expect((await getDb().notify_levels.get(list.id))?.level).toBe('off'));
    expect((await getDb().outbox.toArray()).map((m) => [m.name, m.args])).toEqual([['list.notify', { list_id: list.id, level: 'off' }]]);
  });
});
