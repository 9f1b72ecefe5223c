import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, lists, tasks, toTaskRow } from '@/data';
import { newId, nowIso } from '@/lib/ids';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

async function me() {
  return (await getIdentity())!.userId;
}

describe('shared lists in the navigation', () => {
  it('marks a shared list in the sidebar with an icon named by its member count', async () => {
    const { list } = await seedSharedList(getDb(), await me(), 'editor', {
      'owner@example.com': 'owner',
      'ann@example.com': 'viewer',
    });
    await lists.create({ name: 'Home', color: 'green' });
    renderRoutes('/today');
    const yours = await screen.findByRole('navigation', { name: 'Your lists' });
    const club = await within(yours).findByRole('link', { name: /^Club/ });
    expect(club).toHaveAttribute('href', `/lists/${list.id}`);
    await waitFor(() => expect(within(club).getByRole('img', { name: 'Shared, 3 members' })).toBeInTheDocument());
    // A list only this user is on carries no marker.
    expect(within(within(yours).getByRole('link', { name: /^Home/ })).queryByRole('img')).toBeNull();
  });

  it('marks it on the Lists screen too', async () => {
    await seedSharedList(getDb(), await me(), 'owner', { 'ann@example.com': 'editor' });
    await lists.create({ name: 'Home', color: 'green' });
    renderRoutes('/lists');
    const all = await screen.findByRole('list', { name: 'All lists' });
    const club = await within(all).findByRole('link', { name: /^Club/ });
    await waitFor(() => expect(within(club).getByRole('img', { name: 'Shared, 2 members' })).toBeInTheDocument());
    expect(within(within(all).getByRole('link', { name: /^Home/ })).queryByRole('img')).toBeNull();
  });

  it("offers no move controls for a list someone else owns (only its owner can move it)", async () => {
    await seedSharedList(getDb(), await me(), 'editor', { 'owner@example.com': 'owner' });
    await lists.create({ name: 'Home', color: 'green' });
    const { user } = renderRoutes('/lists');
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(screen.getByText('Only the owner can move it')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Move Club up' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Home up' })).toBeInTheDocument();
  });
});

describe('who added a task', () => {
  async function sharedTasks() {
    const { list, ids } = await seedSharedList(getDb(), await me(), 'owner', { 'ann@example.com': 'editor' });
    const mine = await tasks.create({ title: 'Book the hall', list_id: list.id });
    const now = nowIso();
    const anns = {
      id: newId(), list_id: list.id, title: 'Order the cake', notes: '', due_date: null, due_time: null,
      priority: 0 as const, done: false, done_at: null, position: 'b0', created_by: ids['ann@example.com'] as string,
      created_at: now, updated_at: now, deleted_at: null, version: 1,
    };
    await getDb().tasks.put(toTaskRow(anns));
    await getDb().members.update([list.id, ids['ann@example.com']!], { display_name: 'Ann Lee' });
    return { mine, anns };
  }

  async function dialogFor(taskId: string) {
    renderRoutes(`/tasks/${taskId}`);
    return within(await screen.findByRole('dialog', { name: 'Task' }));
  }

  it('says "Added by you" for your own task on a shared list', async () => {
    const { mine } = await sharedTasks();
    expect(await (await dialogFor(mine.id)).findByText('Added by you')).toBeInTheDocument();
  });

  it("gives the creator's name for someone else's task", async () => {
    const { anns } = await sharedTasks();
    expect(await (await dialogFor(anns.id)).findByText('Added by Ann Lee')).toBeInTheDocument();
  });

  it('says nothing about it on a list only you are on', async () => {
    await sharedTasks();
    const solo = await tasks.create({ title: 'Water the plants' });
    const d = await dialogFor(solo.id);
    // Wait until the dialog has read the lists (and so the memberships) before looking.
    await d.findByRole('option', { name: 'Club' });
    await d.findByRole('textbox', { name: 'Title' });
    expect(d.queryByText(/Added by/)).toBeNull();
  });
});
