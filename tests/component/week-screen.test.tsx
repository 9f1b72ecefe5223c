// Week (SPEC §18) on the routes, with the real data layer: tasks, repeats and deadlines under their
// days, the week's first day from Settings, "Next week", a keyboard move announced, and the task
// dialog's "Duration" for a timed task.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tasks } from '@/data';
import { weekStartOf } from '@/domain/week';
import { setWeekStartChoice } from '@/domain/week-start';
import { addDays, todayIso } from '@/lib/dates';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

const column = (iso: string) => {
  const found = document.querySelector<HTMLElement>(`section[data-week-day="${iso}"]`);
  if (!found) throw new Error(`no column for ${iso}`);
  return found;
};

describe('/week', () => {
  it('lists each day: untimed, then timed by time, then its deadlines; repeats on each occurrence', async () => {
    setWeekStartChoice(1);
    // next week: every day of it is still to come, whatever day the test runs
    const monday = weekStartOf(addDays(todayIso(), 7), 1);
    const wed = addDays(monday, 2);
    await tasks.create({ title: 'Dentist', due_date: wed, due_time: '15:00' });
    await tasks.create({ title: 'Call bank', due_date: wed, due_time: '09:00' });
    await tasks.create({ title: 'Water plants', due_date: wed });
    await tasks.create({ title: 'Tax return', due_date: addDays(monday, -3), deadline: wed });
    await tasks.create({ title: 'Stand-up', due_date: addDays(monday, 5), repeat: 'FREQ=DAILY' });
    renderRoutes(`/week?start=${monday}`);

    await screen.findByRole('link', { name: 'Dentist' }, { timeout: 15_000 });
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 })).toHaveLength(7);
    expect(document.querySelector('section[data-week-day]')).toHaveAttribute('data-week-day', monday);
    await waitFor(() =>
      expect(within(column(wed)).getAllByRole('link').map((a) => a.textContent)).toEqual(['Water plants', 'Call bank', 'Dentist', 'Deadline: Tax return']),
    );
    // the repeat's own row on Saturday, a repeat on Sunday
    expect(within(column(addDays(monday, 5))).getByRole('checkbox', { name: 'Stand-up' })).toBeInTheDocument();
    expect(within(column(addDays(monday, 6))).getByRole('link', { name: 'Stand-up (repeat)' })).toBeInTheDocument();
  }, 20_000);

  it('starts the week on the day Settings names and goes to the next week', async () => {
    setWeekStartChoice(7);
    const today = todayIso();
    const sunday = weekStartOf(today, 7);
    await tasks.create({ title: 'Next week thing', due_date: addDays(sunday, 9) });
    const { user } = renderRoutes('/week');
    await screen.findByRole('heading', { level: 1, name: 'Week' });
    await waitFor(() => expect(document.querySelector('section[data-week-day]')).toHaveAttribute('data-week-day', sunday));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(document.querySelector('section[data-week-day]')).toHaveAttribute('data-week-day', addDays(sunday, 7)));
    expect(await within(column(addDays(sunday, 9))).findByRole('link', { name: 'Next week thing' })).toBeInTheDocument();
    setWeekStartChoice(null);
  }, 20_000);

  it('moves a focused task a day with Alt+ArrowRight, and says so', async () => {
    setWeekStartChoice(1);
    const monday = weekStartOf(addDays(todayIso(), 7), 1);
    const task = await tasks.create({ title: 'Post parcel', due_date: addDays(monday, 1) });
    const { user } = renderRoutes(`/week?start=${monday}`);
    const box = await within(await waitFor(() => column(addDays(monday, 1)), { timeout: 15_000 })).findByRole('checkbox', { name: 'Post parcel' });
    box.focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await within(column(addDays(monday, 2))).findByRole('checkbox', { name: 'Post parcel' });
    expect((await tasks.update(task.id, {})).due_date).toBe(addDays(monday, 2));
    await screen.findByText(/Moved "Post parcel" to/);
  }, 20_000);

  it('offers "Duration" in the task dialog for a timed task only', async () => {
    const today = todayIso();
    const timed = await tasks.create({ title: 'Workshop', due_date: today, due_time: '10:00' });
    const { user } = renderRoutes(`/tasks/${timed.id}`);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const duration = await within(dialog).findByRole('combobox', { name: 'Duration' });
    await user.selectOptions(duration, '90');
    await waitFor(async () => expect((await tasks.update(timed.id, {})).duration_min).toBe(90));
    expect(within(dialog).getByRole('option', { name: '1 hour 30 minutes' })).toBeInTheDocument();

    const untimed = await tasks.create({ title: 'Errand', due_date: today });
    renderRoutes(`/tasks/${untimed.id}`);
    const other = await screen.findAllByRole('dialog');
    expect(within(other.at(-1)!).queryByRole('combobox', { name: 'Duration' })).toBeNull();
  }, 20_000);

  it('selects the week\'s tasks, not its repeats, and completes them at once; a timed row shows how long it lasts, on the locale\'s clock', async () => {
    setWeekStartChoice(1);
    const monday = weekStartOf(addDays(todayIso(), 7), 1);
    await tasks.create({ title: 'Book hall', due_date: monday });
    const meeting = await tasks.create({ title: 'Planning', due_date: addDays(monday, 1), due_time: '09:00' });
    await tasks.update(meeting.id, { duration_min: 45 });
    await tasks.create({ title: 'Jog', due_date: addDays(monday, 2), repeat: 'FREQ=DAILY' });
    const { user } = renderRoutes(`/week?start=${monday}`);
    await within(await waitFor(() => column(addDays(monday, 1)), { timeout: 15_000 })).findByText('9:00 AM–9:45 AM');

    await user.click(screen.getByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('toolbar', { name: 'Selected tasks' });
    await user.click(within(bar).getByRole('button', { name: 'Select all' }));
    // the rows of this week: two dated tasks and the repeating task's own row; not its later occurrences
    await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent('3 selected'));
    await user.click(within(bar).getByRole('button', { name: 'Complete' }));
    await screen.findByText('Completed 3 tasks');
    await waitFor(() => expect(within(column(monday)).queryByRole('link', { name: 'Book hall' })).toBeNull());
    expect(within(column(addDays(monday, 1))).queryByRole('link', { name: 'Planning' })).toBeNull();
  }, 20_000);
});
