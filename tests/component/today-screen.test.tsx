import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, getTask, lists, listTasks, tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

const titles = (section: HTMLElement) => within(section).getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent);

describe('/today', () => {
  it('lists overdue open tasks first, then those due today; nothing else', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Due today', due_date: today, due_time: '09:00' });
    await tasks.create({ title: 'Late', due_date: addDays(today, -3) });
    await tasks.create({ title: 'Tomorrow', due_date: addDays(today, 1) });
    await tasks.create({ title: 'Undated' });
    const finished = await tasks.create({ title: 'Finished', due_date: today });
    await tasks.setDone(finished.id, true);
    renderRoutes('/today');

    const overdue = await screen.findByRole('region', { name: 'Overdue 1' });
    const dueToday = screen.getByRole('region', { name: 'Due today 1' });
    expect(titles(overdue)).toEqual(['Late']);
    expect(titles(dueToday)).toEqual(['Due today']);
    expect(overdue.compareDocumentPosition(dueToday) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The overdue date is marked for assistive tech, not by colour alone.
    expect(within(overdue).getByRole('link', { name: 'Late' })).toHaveAccessibleDescription(/Overdue/);
    expect(within(dueToday).getByRole('link', { name: 'Due today' })).toHaveAccessibleDescription(/9:00 AM/); // the browser's locale here is en-US: a 12-hour clock
  });

  it('quick add there dates the task today', async () => {
    const { user } = renderRoutes('/today');
    await user.type(await screen.findByRole('textbox', { name: 'New task' }), 'Call Sam{Enter}');
    const row = await screen.findByRole('link', { name: 'Call Sam' });
    expect(row).toBeInTheDocument();
    const { inboxId } = (await getIdentity())!;
    const [task] = await listTasks(inboxId);
    expect(task).toMatchObject({ title: 'Call Sam', due_date: todayIso() });
  });

  it('completes from the checkbox named by the title, with an Undo toast that reopens it', async () => {
    const task = await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    const { user } = renderRoutes('/today');
    await user.click(await screen.findByRole('checkbox', { name: 'Pay rent' }));
    await waitFor(async () => expect((await getTask(task.id))?.done).toBe(true));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Pay rent' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await getTask(task.id))?.done).toBe(false));
    expect(await screen.findByRole('checkbox', { name: 'Pay rent' })).not.toBeChecked();
  });

  it("offers viewers no edit controls on a shared list's tasks", async () => {
    const shared = await lists.create({ name: 'Club', color: 'purple' });
    await tasks.create({ title: 'Book the hall', list_id: shared.id, due_date: todayIso() });
    const { userId } = (await getIdentity())!;
    // As a pull would leave it: this user is a viewer of the list.
    await getDb().members.put({ list_id: shared.id, user_id: userId, email: 'me@example.com', role: 'viewer' });
    renderRoutes('/today');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Book the hall' })).toBeDisabled());
  });
});

describe('/today?add=task (the "New task" app shortcut)', () => {
  it('puts the cursor in quick add', async () => {
    renderRoutes('/today?add=task');
    expect(await screen.findByRole('textbox', { name: 'New task' })).toHaveFocus();
  });

  it('leaves focus alone on a plain visit', async () => {
    renderRoutes('/today');
    expect(await screen.findByRole('textbox', { name: 'New task' })).not.toHaveFocus();
  });
});
