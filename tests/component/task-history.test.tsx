// A task's "History" and a list's "Activity" (SPEC §17) on screen: loaded when opened, newest
// first with who and before → after; "Show more" pages; offline it says so; "Restore this
// version" writes the earlier title as a plain task.update (in the outbox, Undo-able).
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb, getIdentity, tasks } from '@/data';
import type { HistoryEntry } from '@/sync';
import { provideSync } from '@/sync-status/load-sync';
import { installFakeSync } from './support/fake-sync';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';

freshAppEachTest();
afterEach(() => provideSync(null));

const entry = (id: number, over: Partial<HistoryEntry>): HistoryEntry => ({
  id, task_id: 't', task_title: 'Paint the gate', at: new Date(Date.now() - id * 60_000).toISOString(), actor_id: 'u-ann', actor_name: 'Ann',
  actor_color: 'green', kind: 'title', before: null, after: null, subject_name: null, ...over,
});

async function sharedTask() {
  const me = (await getIdentity())!.userId;
  const { list } = await seedSharedList(getDb(), me, 'owner', { 'ann@example.com': 'editor' });
  const task = await tasks.create({ title: 'Paint the gate', list_id: list.id });
  await getDb().outbox.clear();
  return { list, task };
}

async function openHistory(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  await app.user.click(await within(dialog).findByText('History'));
  return { ...app, d: within(dialog) };
}

describe('a task’s History', () => {
  it('loads when opened, newest first, and restores an earlier title through task.update', async () => {
    const { task } = await sharedTask();
    const fake = installFakeSync();
    vi.mocked(fake.sync.history.task).mockResolvedValue({
      ok: true,
      entries: [entry(2, { before: 'Paint the fence', after: 'Paint the gate' }), entry(1, { kind: 'created', actor_name: null, actor_color: 'grey', after: { title: 'Paint the fence' } })],
    });
    expect(fake.sync.history.task).not.toHaveBeenCalled();
    const { d, user } = await openHistory(task.id);
    const items = await d.findAllByRole('listitem');
    expect(fake.sync.history.task).toHaveBeenCalledWith(task.id, null);
    expect(items[0]).toHaveTextContent('Ann renamed it');
    expect(items[0]).toHaveTextContent('Paint the fence → Paint the gate');
    expect(items[1]).toHaveTextContent('Former member created the task');
    expect(d.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(d.getByRole('button', { name: 'Restore this version' }));
    await waitFor(async () => expect((await getDb().tasks.get(task.id))?.title).toBe('Paint the fence'));
    const outbox = await getDb().outbox.toArray();
    expect(outbox.map((m) => [m.name, m.args])).toEqual([['task.update', { id: task.id, patch: { title: 'Paint the fence' } }]]);
    expect(await screen.findByText('Title restored')).toBeInTheDocument();
  });

  it('pages with "Show more", and says so offline', async () => {
    const { task } = await sharedTask();
    const fake = installFakeSync();
    const page = Array.from({ length: 50 }, (_, i) => entry(100 - i, { kind: 'priority' }));
    vi.mocked(fake.sync.history.task).mockResolvedValueOnce({ ok: true, entries: page }).mockResolvedValueOnce({ ok: true, entries: [entry(1, { kind: 'created' })] });
    const { d, user } = await openHistory(task.id);
    await user.click(await d.findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(d.getAllByRole('listitem')).toHaveLength(51));
    expect(fake.sync.history.task).toHaveBeenLastCalledWith(task.id, 51);
    expect(d.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('needs a connection', async () => {
    const { task } = await sharedTask();
    installFakeSync();
    const { d } = await openHistory(task.id);
    expect(await d.findByText(/History needs a connection/)).toBeInTheDocument();
  });
});

describe('a list’s Activity', () => {
  it('opens from the list and shows joins and changes with the task', async () => {
    const { list } = await sharedTask();
    const fake = installFakeSync();
    vi.mocked(fake.sync.history.list).mockResolvedValue({
      ok: true,
      entries: [entry(2, { kind: 'done', task_title: 'Paint the gate' }), entry(1, { kind: 'joined', task_id: null, after: { user: 'u-ann' }, subject_name: 'Ann' })],
    });
    const { user, router } = renderRoutes(`/lists/${list.id}`);
    await user.click(await screen.findByRole('button', { name: 'Activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/lists/${list.id}/activity`));
    const dialog = within(await screen.findByRole('dialog', { name: /Activity/ }));
    const items = await dialog.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ann completed “Paint the gate”');
    expect(items[1]).toHaveTextContent('Ann joined the list');
  });
});
