import './support/match-media';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, getTask, lists, tasks, toListRow, toTaskRow } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

async function homeWith(titles: string[]) {
  const home = await lists.create({ name: 'Home', color: 'green' });
  const made = [];
  for (const title of titles) made.push(await tasks.create({ title, list_id: home.id, due_date: todayIso() }));
  return { home, made };
}

const bar = () => screen.getByRole('toolbar', { name: 'Selected tasks' });

describe('select many and change them at once', () => {
  it('selects with Select and the row boxes, moves them all with one toast, and one Undo takes it back', async () => {
    const { made } = await homeWith(['Milk', 'Eggs', 'Bread']);
    const { user } = renderRoutes('/today');
    await screen.findByRole('checkbox', { name: 'Milk' });
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(within(await screen.findByRole('toolbar', { name: 'Selected tasks' })).getByRole('status')).toHaveTextContent('0 selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select Milk' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bread' }));
    expect(within(bar()).getByRole('status')).toHaveTextContent('2 selected');

    await user.click(within(bar()).getByRole('button', { name: 'Date' }));
    const sheet = await screen.findByRole('dialog', { name: 'Date for 2 tasks' });
    await user.click(within(sheet).getByRole('button', { name: 'Tomorrow' }));
    const toast = await screen.findByText('Moved 2 tasks to Tomorrow');
    const tomorrow = addDays(todayIso(), 1);
    await waitFor(async () => expect((await getTask(made[0]!.id))?.due_date).toBe(tomorrow));
    expect((await getTask(made[2]!.id))?.due_date).toBe(tomorrow);
    expect((await getTask(made[1]!.id))?.due_date).toBe(todayIso());
    // one change per task
    const outbox = await getDb().outbox.toArray();
    expect(outbox.filter((e) => e.name === 'task.update')).toHaveLength(2);
    // select mode ends with the action
    expect(screen.queryByRole('toolbar', { name: 'Selected tasks' })).toBeNull();

    await user.click(within(toast.closest('.toast-body') as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await getTask(made[0]!.id))?.due_date).toBe(todayIso()));
    expect((await getTask(made[2]!.id))?.due_date).toBe(todayIso());
    await screen.findByRole('checkbox', { name: 'Bread' });
  }, 20_000);

  it('Shift-click selects a range, Ctrl-click adds one, and x on a focused row toggles it', async () => {
    const { home } = await homeWith(['One', 'Two', 'Three', 'Four']);
    const { user } = renderRoutes(`/lists/${home.id}`);
    const link = async (name: string) => screen.findByRole('link', { name });
    fireEvent.click(await link('One'), { ctrlKey: true });
    expect(within(await screen.findByRole('toolbar', { name: 'Selected tasks' })).getByRole('status')).toHaveTextContent('1 selected');
    fireEvent.click(await link('Three'), { shiftKey: true });
    expect(within(bar()).getByRole('status')).toHaveTextContent('3 selected');
    expect(screen.getByRole('checkbox', { name: 'Select Two' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Four' })).not.toBeChecked();
    // no task dialog opened on the way
    expect(screen.queryByRole('dialog')).toBeNull();
    const four = screen.getByRole('checkbox', { name: 'Select Four' });
    four.focus();
    await user.keyboard('x');
    expect(within(bar()).getByRole('status')).toHaveTextContent('4 selected');

    await user.click(within(bar()).getByRole('button', { name: 'Complete' }));
    await screen.findByText('Completed 4 tasks');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'One' })).toBeNull());
  });

  it('says which tasks a viewer could not change', async () => {
    const { made } = await homeWith(['Mine']);
    const me = (await getIdentity(getDb()))!;
    const shared = crypto.randomUUID();
    const now = '2025-01-01T00:00:00Z';
    await getDb().lists.put(toListRow({ id: shared, owner_id: 'o', name: 'Club', color: 'red', position: 'b0', is_inbox: false, created_at: now, updated_at: now, deleted_at: null, version: 3 }));
    await getDb().members.bulkPut([
      { list_id: shared, user_id: 'o', email: 'o@example.com', role: 'owner' },
      { list_id: shared, user_id: me.userId, email: 'me@example.com', role: 'viewer' },
    ]);
    const theirs = { ...made[0]!, id: crypto.randomUUID(), title: 'Theirs', list_id: shared };
    await getDb().tasks.put(toTaskRow(theirs));
    const { user } = renderRoutes('/today');
    await screen.findByRole('checkbox', { name: 'Theirs' });
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(within(await screen.findByRole('toolbar', { name: 'Selected tasks' })).getByRole('button', { name: 'Select all' }));
    await user.click(within(bar()).getByRole('button', { name: 'Priority' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'High' }));
    await screen.findByText('Set 1 task to high priority · 1 skipped: You can only view this list');
    expect((await getTask(made[0]!.id))?.priority).toBe(3);
    expect((await getTask(theirs.id))?.priority).toBe(0);
  });
});

describe('sort and reschedule', () => {
  it("sorts a list by title, without drag or move buttons, and keeps the choice for that list on the device", async () => {
    const { home } = await homeWith(['Cherry', 'apple', 'Banana']);
    const { user } = renderRoutes(`/lists/${home.id}`);
    const titles = () => within(screen.getByRole('list', { name: 'Home tasks' })).getAllByRole('link').map((a) => a.textContent);
    await waitFor(() => expect(titles()).toEqual(['Cherry', 'apple', 'Banana']));
    expect(screen.getAllByRole('button', { name: 'Move up' }).length).toBeGreaterThan(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Title');
    await waitFor(() => expect(titles()).toEqual(['apple', 'Banana', 'Cherry']));
    expect(screen.queryByRole('button', { name: 'Move up' })).toBeNull();
    expect(localStorage.getItem(`daybook:list-sort:${home.id}`)).toBe('title');
  });

  it("reschedules every overdue task to today with one toast", async () => {
    const yesterday = addDays(todayIso(), -1);
    const a = await tasks.create({ title: 'Late one', due_date: yesterday });
    const b = await tasks.create({ title: 'Late two', due_date: addDays(todayIso(), -3) });
    const { user } = renderRoutes('/today');
    const overdue = await screen.findByRole('region', { name: /Overdue/ });
    await user.click(within(overdue).getByRole('button', { name: 'Reschedule' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reschedule 2 overdue tasks' })).getByRole('button', { name: 'Move all to today' }));
    await screen.findByText('Moved 2 tasks to Today');
    await waitFor(async () => expect((await getTask(a.id))?.due_date).toBe(todayIso()));
    expect((await getTask(b.id))?.due_date).toBe(todayIso());
    await waitFor(() => expect(screen.queryByRole('region', { name: /Overdue/ })).toBeNull());
  });
});

describe('quick add says where a task went', () => {
  it('"Added to Tomorrow" with "Show" when a task added on Today is for tomorrow', async () => {
    const { user, router } = renderRoutes('/today');
    const box = await screen.findByRole('textbox', { name: 'New task' });
    await user.type(box, 'Call the plumber tomorrow{Enter}');
    await screen.findByText('Added to Tomorrow');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming'));
    expect(router.state.location.search).toMatchObject({ day: addDays(todayIso(), 1) });
  });
});
