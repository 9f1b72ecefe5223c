// Repeating tasks and steps on screen (SPEC §11.1, §11.3): the task dialog's "Repeat" combo box
// and checklist ("Add step", a checkbox per step, "Delete step", Alt+Arrow to reorder), and the
// row's repeat icon ("Repeats …") and "2 of 5 steps done"; completing a repeating task's checkbox
// completes one occurrence, with "Next: <date>" and Undo.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getTask, steps, taskSteps, tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { mediumDate } from '@/ui/format';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return { ...app, dialog, d: within(dialog) };
}

describe('repeating tasks on screen', () => {
  it('the Repeat box offers SPEC’s options; Weekly saves a rule anchored on the due date', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Bins', due_date: today });
    const { d, user } = await openDialog(task.id);
    const repeat = d.getByRole('combobox', { name: 'Repeat' });
    expect(within(repeat).getAllByRole('option').map((o) => o.textContent)).toEqual(['Never', 'Daily', 'Weekdays', 'Weekly', 'Monthly', 'Yearly', 'Custom…']);
    expect(repeat).toHaveValue('never');
    await user.selectOptions(repeat, 'Weekly');
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ repeat: expect.stringMatching(/^FREQ=WEEKLY;BYDAY=[A-Z]{2}$/), repeat_anchor: today }));
    await waitFor(() => expect(repeat).toHaveValue('weekly'));
    await user.selectOptions(repeat, 'Never');
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ repeat: null, repeat_anchor: null }));
  });

  it('a task with no date can’t repeat: the message shows at the field', async () => {
    const task = await tasks.create({ title: 'Someday' });
    const { d, user } = await openDialog(task.id);
    const repeat = d.getByRole('combobox', { name: 'Repeat' });
    await user.selectOptions(repeat, 'Daily');
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Set a date before repeating'));
    expect((await getTask(task.id))?.repeat).toBeNull();
  });

  it('the row shows the repeat in words; ticking it completes one occurrence with Next and Undo', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Water plants', due_date: today, repeat: 'FREQ=DAILY;INTERVAL=2' });
    const { user } = renderRoutes('/today');
    const row = (await screen.findByRole('checkbox', { name: 'Water plants' })).closest('li')!;
    // the words load with their own chunk, a moment after the row (ui/repeat-name.ts)
    expect(await within(row).findByRole('img', { name: 'Repeats every 2 days' })).toBeInTheDocument();
    await user.click(within(row).getByRole('checkbox', { name: 'Water plants' }));
    const next = addDays(today, 2);
    expect(await screen.findByText(`Next: ${mediumDate(next)}`)).toBeInTheDocument();
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ due_date: next, done: false }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ due_date: today, done: false }));
    expect((await getDb().outbox.toArray()).map((m) => m.name)).toEqual(['task.create', 'task.complete_occurrence', 'task.uncomplete_occurrence']);
  });
});

describe('steps on screen', () => {
  it('adds steps with Enter, ticks one, reorders with Alt+Arrow and deletes one', async () => {
    const task = await tasks.create({ title: 'Pack' });
    const { d, user } = await openDialog(task.id);
    const add = d.getByRole('textbox', { name: 'Add step' });
    await user.type(add, 'Passport{Enter}');
    await user.type(add, 'Charger{Enter}');
    await user.type(add, 'Socks{Enter}');
    await waitFor(() => expect(d.getByRole('checkbox', { name: 'Socks' })).toBeInTheDocument());
    expect(add).toHaveValue('');
    await user.click(d.getByRole('checkbox', { name: 'Charger' }));
    await waitFor(async () => expect((await taskSteps(task.id)).find((s) => s.title === 'Charger')?.done).toBe(true));
    // Socks to the top with Alt+ArrowUp twice
    d.getByRole('checkbox', { name: 'Socks' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect((await taskSteps(task.id)).map((s) => s.title)).toEqual(['Passport', 'Socks', 'Charger']));
    d.getByRole('checkbox', { name: 'Socks' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect((await taskSteps(task.id)).map((s) => s.title)).toEqual(['Socks', 'Passport', 'Charger']));
    const passport = d.getByRole('checkbox', { name: 'Passport' }).closest('li')!;
    await user.click(within(passport).getByRole('button', { name: 'Delete step' }));
    await waitFor(async () => expect((await taskSteps(task.id)).map((s) => s.title)).toEqual(['Socks', 'Charger']));
  }, 20_000); // many keystrokes: slow on a loaded 2-core machine

  it('a row with steps says how many are done, on a list and on Today', async () => {
    const task = await tasks.create({ title: 'Pack', due_date: todayIso() });
    for (const title of ['Passport', 'Charger', 'Socks', 'Hat', 'Book']) await steps.create(task.id, title);
    const [a, b] = await taskSteps(task.id);
    await steps.setDone(a!.id, true);
    await steps.setDone(b!.id, true);
    renderRoutes(`/lists/${task.list_id}`);
    const row = (await screen.findByRole('checkbox', { name: 'Pack' })).closest('li')!;
    expect(await within(row).findByRole('img', { name: '2 of 5 steps done' })).toHaveTextContent('2/5');
  });

  it('Today’s rows count steps too', async () => {
    const task = await tasks.create({ title: 'Pack', due_date: todayIso() });
    const s = await steps.create(task.id, 'Passport');
    await steps.create(task.id, 'Charger');
    await steps.setDone(s.id, true);
    renderRoutes('/today');
    const row = (await screen.findByRole('checkbox', { name: 'Pack' })).closest('li')!;
    expect(await within(row).findByRole('img', { name: '1 of 2 steps done' })).toBeInTheDocument();
  });

  it('renames a step in place and refuses a blank new step at the field', async () => {
    const task = await tasks.create({ title: 'Pack' });
    await steps.create(task.id, 'Pasport');
    const { d, user } = await openDialog(task.id);
    const edit = await d.findByRole('textbox', { name: 'Edit step Pasport' });
    await user.clear(edit);
    await user.type(edit, 'Passport{Enter}');
    await waitFor(async () => expect((await taskSteps(task.id))[0]?.title).toBe('Passport'));
    const add = d.getByRole('textbox', { name: 'Add step' });
    await user.type(add, '   {Enter}');
    await waitFor(() => expect(add).toHaveAccessibleDescription('Step is required'));
  });
});

describe('a custom repeat', () => {
  it('saves every 2 weeks on two days, ending after 6 times, and shows it in words', async () => {
    const task = await tasks.create({ title: 'Swim', due_date: '2030-01-07' }); // a Monday
    const { d, user } = await openDialog(task.id);
    await user.selectOptions(d.getByRole('combobox', { name: 'Repeat' }), 'Custom…');
    const every = d.getByRole('spinbutton', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '2');
    await user.click(d.getByRole('checkbox', { name: 'Thursday' }));
    await user.selectOptions(d.getByRole('combobox', { name: 'Ends' }), 'After a number of times');
    const times = d.getByRole('spinbutton', { name: 'Times' });
    await user.clear(times);
    await user.type(times, '6');
    await user.click(d.getByRole('button', { name: 'Save repeat' }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=6', repeat_anchor: '2030-01-07' }));
    await waitFor(() => expect(d.getByRole('combobox', { name: 'Repeat' })).toHaveValue('custom'));
    expect(d.getByText(/every 2 weeks on Monday and Thursday/)).toBeInTheDocument();
  });

  it('refuses an interval of 100 with SPEC’s words and saves nothing', async () => {
    const task = await tasks.create({ title: 'Swim', due_date: '2030-01-07' });
    const { d, user } = await openDialog(task.id);
    await user.selectOptions(d.getByRole('combobox', { name: 'Repeat' }), 'Custom…');
    const every = d.getByRole('spinbutton', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '100');
    await user.click(d.getByRole('button', { name: 'Save repeat' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Pick an interval between 1 and 99');
    expect((await getTask(task.id))?.repeat).toBeNull();
  });
});
