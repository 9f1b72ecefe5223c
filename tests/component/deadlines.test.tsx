// SPEC §14.3 on screen: a row's "Deadline <date>" and its mark, Today's list of tasks whose
// deadline has come, the dialog's "Deadline", "Start steps over each time" and Custom…'s "From
// the day it's done", quick add's "by …", and a repeating task's steps unticked when an
// occurrence is completed from its row.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getIdentity, getTask, listTasks, steps, taskSteps, tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { mediumDate } from '@/ui/format';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

const titles = (section: HTMLElement) => within(section).getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent);

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return { ...app, dialog, d: within(dialog) };
}

describe('/today and deadlines', () => {
  it('lists open tasks whose deadline is today or past, whatever their due date, once each', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Taxes', due_date: addDays(today, 3), deadline: today });
    await tasks.create({ title: 'Visa', deadline: addDays(today, -2) });
    await tasks.create({ title: 'Later', deadline: addDays(today, 1) });
    await tasks.create({ title: 'Due and late', due_date: today, deadline: addDays(today, -1) });
    const done = await tasks.create({ title: 'Sent', deadline: today });
    await tasks.setDone(done.id, true);
    renderRoutes('/today');

    const byDeadline = await screen.findByRole('region', { name: 'Deadline 2' });
    expect(titles(byDeadline)).toEqual(['Visa', 'Taxes']);
    expect(titles(screen.getByRole('region', { name: 'Due today 1' }))).toEqual(['Due and late']);
    // the mark is in words too, not in colour alone
    expect(within(byDeadline).getByRole('link', { name: 'Visa' })).toHaveAccessibleDescription(/Deadline .* \(passed\)/);
    expect(within(byDeadline).getByRole('link', { name: 'Taxes' })).toHaveAccessibleDescription(/Deadline Today \(soon\)/);
  });

  it('shows a far deadline on its row unmarked', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Renew passport', due_date: today, deadline: addDays(today, 30) });
    renderRoutes('/today');
    const link = await screen.findByRole('link', { name: 'Renew passport' });
    expect(link).toHaveAccessibleDescription(/Deadline /);
    expect(link).not.toHaveAccessibleDescription(/soon|passed/);
  });

  it('reads "by <date>" in quick add as the deadline, apart from the due date', async () => {
    const { user } = renderRoutes('/today');
    await user.type(await screen.findByRole('textbox', { name: 'New task' }), 'File taxes by 2031-01-15{Enter}');
    await screen.findByRole('link', { name: 'File taxes' });
    const { inboxId } = (await getIdentity())!;
    const [task] = await listTasks(inboxId);
    expect(task).toMatchObject({ title: 'File taxes', due_date: todayIso(), deadline: '2031-01-15' });
  });
});

describe('task dialog: Deadline and Start steps over each time', () => {
  it('sets and clears the deadline with the date picker, leaving the due date', async () => {
    const task = await tasks.create({ title: 'Taxes', due_date: '2030-03-01' });
    const { d, user } = await openDialog(task.id);
    const button = d.getByRole('button', { name: 'Deadline' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('No deadline'));
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = d.getByRole('region', { name: 'Pick a deadline' });
    await within(panel).findByRole('grid');
    await user.click(within(panel).getByRole('button', { name: 'Tomorrow' }));
    const tomorrow = addDays(todayIso(), 1);
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ deadline: tomorrow, due_date: '2030-03-01' }));
    // the picker closes, focus goes back to the button, which now describes the date
    await waitFor(() => expect(d.queryByRole('region', { name: 'Pick a deadline' })).toBeNull());
    expect(button).toHaveFocus();
    await waitFor(() => expect(button).toHaveAccessibleDescription(mediumDate(tomorrow, todayIso())));
    // a day of the calendar, by keyboard: Enter opens it on the deadline, an arrow moves a day
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.closest('[role="grid"]')).not.toBeNull());
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(async () => expect((await getTask(task.id))?.deadline).toBe(addDays(todayIso(), 2)));
    await user.click(button);
    await user.click(d.getByRole('button', { name: 'Clear deadline' }));
    await waitFor(async () => expect((await getTask(task.id))?.deadline).toBeNull());
    await waitFor(() => expect(button).toHaveAccessibleDescription('No deadline'));
  });

  it('Escape closes the deadline picker first, then the dialog', async () => {
    const task = await tasks.create({ title: 'Taxes' });
    const { d, user } = await openDialog(task.id);
    await user.click(d.getByRole('button', { name: 'Deadline' }));
    await d.findByRole('grid');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(d.queryByRole('grid')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Task' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Deadline' })).toHaveFocus();
  });

  it('offers no "Start steps over each time" on a task that does not repeat', async () => {
    const plain = await tasks.create({ title: 'Pack', due_date: '2030-03-01' });
    const { d } = await openDialog(plain.id);
    expect(d.queryByRole('checkbox', { name: 'Start steps over each time' })).toBeNull();
  });

  it('offers "Start steps over each time" on a repeating task, on by default', async () => {
    const weekly = await tasks.create({ title: 'Clean', due_date: '2030-03-01', repeat: 'FREQ=WEEKLY' });
    const { d, user } = await openDialog(weekly.id);
    const box = d.getByRole('checkbox', { name: 'Start steps over each time' });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(async () => expect((await getTask(weekly.id))?.steps_start_over).toBe(false));
    await waitFor(() => expect(box).not.toBeChecked());
  });
});

describe('Repeat → Custom… → From the day it’s done', () => {
  it('saves every 3 days after done, without weekdays or a number of times, and says so', async () => {
    const task = await tasks.create({ title: 'Water plants', due_date: '2030-01-07' });
    const { d, user } = await openDialog(task.id);
    await user.selectOptions(d.getByRole('combobox', { name: 'Repeat' }), 'Custom…');
    const every = d.getByRole('spinbutton', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '3');
    await user.selectOptions(d.getByRole('combobox', { name: 'Unit' }), 'weeks');
    expect(d.getByRole('checkbox', { name: 'Monday' })).toBeInTheDocument();
    await user.click(d.getByRole('checkbox', { name: "From the day it's done" }));
    expect(d.queryByRole('checkbox', { name: 'Monday' })).toBeNull();
    expect(within(d.getByRole('combobox', { name: 'Ends' })).queryByRole('option', { name: 'After a number of times' })).toBeNull();
    await user.selectOptions(d.getByRole('combobox', { name: 'Unit' }), 'days');
    await user.click(d.getByRole('button', { name: 'Save repeat' }));
    await waitFor(async () => expect((await getTask(task.id))?.repeat).toBe('FREQ=DAILY;INTERVAL=3;FROM=DONE'));
    expect(await d.findByText('every 3 days after done')).toBeInTheDocument();
    expect(d.getByRole('checkbox', { name: "From the day it's done" })).toBeChecked();
  });
});

describe('completing an occurrence from its row', () => {
  it('moves a repeat from the day it’s done to the interval after today', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Water plants', due_date: addDays(today, -5), repeat: 'FREQ=DAILY;INTERVAL=3;FROM=DONE' });
    const { user } = renderRoutes('/today');
    await user.click(await screen.findByRole('checkbox', { name: 'Water plants' }));
    await waitFor(async () => expect((await getTask(task.id))?.due_date).toBe(addDays(today, 3)));
  });

  it('moves the deadline with the due date and unticks the steps', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Weekly clean', due_date: today, deadline: addDays(today, 2), repeat: 'FREQ=DAILY' });
    const step = await steps.create(task.id, 'Hoover');
    await steps.setDone(step.id, true);
    const { user } = renderRoutes('/today');
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly clean' }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ due_date: addDays(today, 1), deadline: addDays(today, 3) }));
    expect((await taskSteps(task.id)).map((s) => s.done)).toEqual([false]);
  });
});
