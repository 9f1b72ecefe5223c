import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, tasks, toTaskRow } from '@/data';
import { todayIso } from '@/lib/dates';
import { newId, nowIso } from '@/lib/ids';
import type { Task } from '@/domain/model';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

/** A list owned by owner@example.com on which this user is a viewer, with two tasks in it. */
async function viewerList() {
  const { userId } = (await getIdentity())!;
  const seeded = await seedSharedList(getDb(), userId, 'viewer', { 'owner@example.com': 'owner' });
  const owner = seeded.ids['owner@example.com'] as string;
  const now = nowIso();
  const make = (title: string, position: string, extra: Partial<Task> = {}): Task => ({
    id: newId(), list_id: seeded.list.id, title, notes: '', due_date: null, due_time: null, priority: 0,
    done: false, done_at: null, position, created_by: owner, created_at: now, updated_at: now, deleted_at: null,
    version: 1, ...extra,
  });
  const made = [make('Book the hall', 'a1', { due_date: todayIso() }), make('Order the cake', 'a2')];
  await getDb().tasks.bulkPut(made.map(toTaskRow));
  return { ...seeded, tasks: made };
}

describe("a viewer's list", () => {
  it('is read-only: no quick add, no reorder, no list actions, checkboxes disabled with one reason', async () => {
    const { list } = await viewerList();
    renderRoutes(`/lists/${list.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Club' })).toBeInTheDocument();
    const rows = await within(await screen.findByRole('list', { name: 'Club tasks' })).findAllByRole('listitem');
    expect(rows).toHaveLength(2);

    expect(screen.queryByRole('textbox', { name: 'New task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move down' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete list' })).toBeNull();
    // Viewers still see who else is on the list.
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();

    // Said once, near the top, naming the owner; every checkbox points at it.
    const reasons = screen.getAllByText('You can view this list but not change it.');
    expect(reasons).toHaveLength(1);
    expect(screen.getByText(/Ask owner, its owner/)).toBeInTheDocument();
    for (const title of ['Book the hall', 'Order the cake']) {
      const box = screen.getByRole('checkbox', { name: title });
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription(/You can view this list but not change it\./);
    }
  });

  it('opens tasks read-only in the task dialog, with who added them', async () => {
    const { tasks: made } = await viewerList();
    renderRoutes(`/tasks/${made[1]!.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    const d = within(dialog);
    expect(await d.findByText('You can view this list but not change it.')).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly');
    expect(d.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('readonly');
    expect(d.getByRole('button', { name: 'Due date' })).toBeDisabled();
    expect(d.getByRole('combobox', { name: 'Priority' })).toBeDisabled();
    expect(d.getByRole('combobox', { name: 'List' })).toBeDisabled();
    expect(d.getByRole('checkbox', { name: 'Done' })).toBeDisabled();
    expect(d.queryByRole('button', { name: 'Delete task' })).toBeNull();
    expect(await d.findByText('Added by owner')).toBeInTheDocument();
  });

  it("can't complete the list's tasks from Today either, and the row says why", async () => {
    await viewerList();
    renderRoutes('/today');
    const box = await screen.findByRole('checkbox', { name: 'Book the hall' });
    await waitFor(() => expect(box).toBeDisabled());
    expect(box).toHaveAccessibleDescription('View only');
    expect(within(box.closest('li')!).getByText('View only')).toBeVisible();
  });

  it("offers a viewer's list in another task's List box only as a disabled choice", async () => {
    await viewerList();
    const mine = await tasks.create({ title: 'Water the plants' });
    renderRoutes(`/tasks/${mine.id}`);
    const select = await within(await screen.findByRole('dialog', { name: 'Task' })).findByRole('combobox', { name: 'List' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Club (view only)' })).toBeDisabled());
    expect(within(select).getByRole('option', { name: 'Inbox' })).toBeEnabled();
  });
});
