import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTask, lists, tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return { ...app, dialog, d: within(dialog) };
}

describe('task dialog', () => {
  it('opens from a deep link over Today', async () => {
    const task = await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    const { d, router } = await openDialog(task.id);
    expect(d.getByRole('textbox', { name: 'Title' })).toHaveValue('Pay rent');
    expect(router.state.location.pathname).toBe(`/tasks/${task.id}`);
    // Today is rendered underneath (hidden from assistive tech while the modal is open).
    expect(screen.getByRole('heading', { name: 'Today', hidden: true })).toBeInTheDocument();
    for (const name of ['Due date', 'Delete task', 'Close']) expect(d.getByRole('button', { name })).toBeInTheDocument();
    for (const name of ['Priority', 'List']) expect(d.getByRole('combobox', { name })).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Notes' })).toBeInTheDocument();
  });

  it('saves an edited title (trimmed) and notes when the field loses focus', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    const title = d.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, '  Pay the rent  ');
    await user.click(d.getByRole('textbox', { name: 'Notes' }));
    await user.type(d.getByRole('textbox', { name: 'Notes' }), 'Before the 3rd');
    await user.tab();
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ title: 'Pay the rent', notes: 'Before the 3rd' }));
    await waitFor(() => expect(title).toHaveValue('Pay the rent'));
  });

  it('refuses a 501-character title at the field, keeps the text and stays open on Close', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    const title = d.getByRole('textbox', { name: 'Title' });
    const long = 'y'.repeat(501);
    await user.clear(title);
    await user.paste(long);
    await user.tab();
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title must be at most 500 characters'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveValue(long);
    expect((await getTask(task.id))?.title).toBe('Pay rent');

    await user.click(d.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Task' })).toBeInTheDocument();
    expect(title).toHaveValue(long);

    // An empty title is refused the same way.
    await user.clear(title);
    await user.tab();
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title is required'));
  });

  it('picks a due date with the picker by pointer', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    const dueDate = d.getByRole('button', { name: 'Due date' });
    expect(dueDate).toHaveAccessibleDescription('No date');
    await user.click(dueDate);
    expect(dueDate).toHaveAttribute('aria-expanded', 'true');
    await d.findByRole('grid');
    const target = addDays(todayIso(), 2);
    // Two days ahead can fall in the next month.
    if (target.slice(0, 7) !== todayIso().slice(0, 7)) await user.click(d.getByRole('button', { name: /next month/i }));
    // Day buttons are named by full date in the picker's locale; pick by number inside the month.
    const inMonth = within(d.getByRole('grid'))
      .getAllByRole('button')
      .find((b) => b.textContent === String(Number(target.slice(8))) && !b.closest('[data-outside]'));
    await user.click(inMonth!);
    await waitFor(async () => expect((await getTask(task.id))?.due_date).toBe(target));
    // The picker closes and focus returns to the button.
    await waitFor(() => expect(d.queryByRole('grid')).toBeNull());
    expect(dueDate).toHaveFocus();
  });

  it('picks a due date with the keyboard', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    d.getByRole('button', { name: 'Due date' }).focus();
    await user.keyboard('{Enter}');
    // Focus lands on today in the grid; arrows move by a day, Enter picks.
    await waitFor(() => expect(document.activeElement?.closest('[role="grid"]')).not.toBeNull());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    await waitFor(async () => expect((await getTask(task.id))?.due_date).toBe(addDays(todayIso(), 3)));
  });

  it('Escape closes an open date picker first, then the dialog', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    await user.click(d.getByRole('button', { name: 'Due date' }));
    await d.findByRole('grid');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(d.queryByRole('grid')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Task' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Due date' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a time without a date, keeps it, and saves it with the date picked next', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    const time = d.getByLabelText('Due time');
    await user.type(time, '09:30');
    await waitFor(() => expect(time).toHaveAccessibleDescription('Set a date before setting a time'));
    expect(time).toHaveValue('09:30');
    expect((await getTask(task.id))?.due_time).toBeNull();

    await user.click(d.getByRole('button', { name: 'Due date' }));
    await user.click(d.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(async () =>
      expect(await getTask(task.id)).toMatchObject({ due_date: addDays(todayIso(), 1), due_time: '09:30' }),
    );
    await waitFor(() => expect(time).not.toHaveAccessibleDescription());
  });

  it('changes priority, list and done', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const task = await tasks.create({ title: 'Pay rent' });
    const { d, user } = await openDialog(task.id);
    await user.selectOptions(d.getByRole('combobox', { name: 'Priority' }), 'High');
    await user.selectOptions(d.getByRole('combobox', { name: 'List' }), 'Home');
    await user.click(d.getByRole('checkbox', { name: 'Done' }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ priority: 3, list_id: home.id, done: true }));
  });

  it('deletes with an Undo toast that restores the task', async () => {
    const task = await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    const { d, user, router } = await openDialog(task.id);
    await user.click(d.getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await getTask(task.id)).toBeNull();
    // No history behind a deep link: closing lands on Today.
    expect(router.state.location.pathname).toBe('/today');
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await getTask(task.id))?.title).toBe('Pay rent'));
    expect(await screen.findByRole('link', { name: 'Pay rent' })).toBeInTheDocument();
  });

  it('closes with Escape and goes to Today', async () => {
    const task = await tasks.create({ title: 'Pay rent' });
    const { user, router } = await openDialog(task.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/today');
  });

  it('says so when the task does not exist, with a way home', async () => {
    renderRoutes('/tasks/00000000-0000-4000-8000-000000000000');
    const dialog = await screen.findByRole('dialog', { name: "This task doesn't exist" });
    expect(within(dialog).getByRole('link', { name: 'Go to Today' })).toHaveAttribute('href', '/today');
  });

  it('opens from a task row over the current screen and closes back to it', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const task = await tasks.create({ title: 'Fix the tap', list_id: home.id });
    const { user, router } = renderRoutes(`/lists/${home.id}`);
    await user.click(await screen.findByRole('link', { name: 'Fix the tap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    // The address shows the task; the list stays underneath.
    expect(router.state.location.maskedLocation?.pathname ?? router.state.location.pathname).toBe(`/tasks/${task.id}`);
    expect(screen.getByRole('heading', { name: 'Home', hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/lists/${home.id}`);
  });
});
