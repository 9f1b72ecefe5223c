// Repeating tasks on Upcoming (SPEC §11.1): later occurrences inside its 14 days, each a row
// marked as a repeat (its link named "<title> (repeat)", no checkbox), opening the task; day
// headings and the calendar count them. Occurrences start after the later of the due date and
// today, where completing the task would move it.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTask, steps, tasks } from '@/data';
import { addDays, todayIso, UPCOMING_DAYS } from '@/lib/dates';
import { dateFromIso } from '@/ui/format';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();

const dayOfMonth = (iso: string) => String(Number(iso.slice(8)));
const fullDate = (iso: string) => new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(dateFromIso(iso));
/** The section of one day on Upcoming (its heading has the id day-<date>). */
const dayRegion = (iso: string) => document.getElementById(`day-${iso}`)!.closest('section')!;

describe('repeats on Upcoming', () => {
  it('a daily task due today: its own row today, then one repeat row on each later day, counted', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Water plants', due_date: today, repeat: 'FREQ=DAILY' });
    const { user, router } = renderRoutes('/upcoming');

    // Today: the task itself, with its checkbox; no repeat row.
    const own = await screen.findByRole('checkbox', { name: 'Water plants' });
    expect(within(dayRegion(today)).queryByRole('link', { name: 'Water plants (repeat)' })).toBeNull();
    expect(own.closest('section')).toBe(dayRegion(today));

    // The 13 later days: one repeat row each, no checkbox, the rule in words, counted in the heading.
    const repeats = await screen.findAllByRole('link', { name: 'Water plants (repeat)' });
    expect(repeats).toHaveLength(UPCOMING_DAYS - 1);
    expect(screen.getAllByRole('checkbox', { name: 'Water plants' })).toHaveLength(1);
    // the rule's words load with their own chunk, a moment after the rows (ui/repeat-name.ts)
    await waitFor(() => expect(repeats[0]).toHaveAccessibleDescription(/Repeats every day/));
    for (let i = 1; i < UPCOMING_DAYS; i++) {
      const region = dayRegion(addDays(today, i));
      expect(within(region).getByRole('link', { name: 'Water plants (repeat)' })).toHaveAccessibleDescription(/Repeats every day/);
      expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(/1$/);
    }

    // The calendar counts them too (tomorrow, when it is in this month's grid).
    const calendar = screen.getByRole('complementary', { name: 'Calendar' });
    const tomorrow = addDays(today, 1);
    const button = within(calendar).queryByRole('button', { name: new RegExp(`^${fullDate(tomorrow)}, 1 task`) });
    if (tomorrow.slice(0, 7) === today.slice(0, 7)) expect(button).toHaveTextContent(dayOfMonth(tomorrow));

    // A repeat opens the task.
    await user.click(repeats[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    expect(await within(dialog).findByRole('textbox', { name: 'Title' })).toHaveValue('Water plants');
    expect(router.state.location.search).toMatchObject({ task: task.id });
  }, 20_000);

  it('ticking the task moves its row to the next occurrence; a weekly repeat sits beside a plain task, both counted', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Bins', due_date: today, due_time: '07:00', repeat: 'FREQ=WEEKLY' });
    const nextWeek = addDays(today, 7);
    await tasks.create({ title: 'Recycling', due_date: nextWeek });
    await tasks.create({ title: 'Early', due_date: nextWeek, due_time: '06:00' });
    const { user } = renderRoutes('/upcoming');

    const region = () => dayRegion(nextWeek);
    await waitFor(() =>
      expect(within(region()).getAllByRole('link').map((a) => a.getAttribute('aria-label') ?? a.textContent)).toEqual(['Recycling', 'Early', 'Bins (repeat)']),
    );
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent(/3$/);
    expect(within(region()).getByRole('link', { name: 'Bins (repeat)' })).toHaveAccessibleDescription(/7:00 AM/);

    // Completing today's occurrence: the task is due next week, its own row there, no repeat row.
    await user.click(await screen.findByRole('checkbox', { name: 'Bins' }));
    await waitFor(() => expect(within(region()).getByRole('checkbox', { name: 'Bins' })).toBeInTheDocument());
    expect(within(region()).queryByRole('link', { name: 'Bins (repeat)' })).toBeNull();
    expect(within(region()).getByRole('heading', { level: 2 })).toHaveTextContent(/3$/);
    expect(screen.queryByRole('link', { name: 'Bins (repeat)' })).toBeNull(); // the one after is outside the 14 days
  }, 20_000);

  it('an overdue repeating task shows from tomorrow (where completing it late would go); a picked day shows its repeats', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Stretch', due_date: addDays(today, -3), repeat: 'FREQ=DAILY' });
    const { user } = renderRoutes('/upcoming');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Stretch (repeat)' })).toHaveLength(UPCOMING_DAYS - 1));
    expect(within(dayRegion(today)).queryByRole('link', { name: /Stretch/ })).toBeNull();

    await user.click(within(dayRegion(addDays(today, 2))).getByRole('link', { name: 'Stretch (repeat)' }));
    await screen.findByRole('dialog', { name: 'Task' });
    expect((await getTask(task.id))?.due_date).toBe(addDays(today, -3)); // opening changes nothing
  }, 20_000);

  it('a picked day far ahead lists and counts the occurrence on it', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Pay rent', due_date: today, repeat: 'FREQ=DAILY;INTERVAL=10' });
    const target = addDays(today, 40);
    renderRoutes(`/upcoming?day=${target}`);
    const picked = await screen.findByRole('region', { name: new RegExp(`${dayOfMonth(target)}.* 1$`) });
    expect(within(picked).getByRole('link', { name: 'Pay rent (repeat)' })).toBeInTheDocument();
    const calendar = screen.getByRole('complementary', { name: 'Calendar' });
    expect(await within(calendar).findByRole('button', { name: new RegExp(`^${fullDate(target)}, 1 task`) })).toBeInTheDocument();
  }, 20_000);

  it('rows count their steps (read for all rows at once); a repeat row shows none', async () => {
    const today = todayIso();
    const task = await tasks.create({ title: 'Pack', due_date: addDays(today, 1), repeat: 'FREQ=DAILY' });
    const s = await steps.create(task.id, 'Passport');
    await steps.create(task.id, 'Charger');
    await steps.setDone(s.id, true);
    renderRoutes('/upcoming');
    const row = (await screen.findByRole('checkbox', { name: 'Pack' })).closest('li')!;
    expect(await within(row).findByRole('img', { name: '1 of 2 steps done' })).toBeInTheDocument();
    const repeat = screen.getAllByRole('link', { name: 'Pack (repeat)' })[0]!.closest('li')!;
    expect(within(repeat).queryByRole('img', { name: /steps done/ })).toBeNull();
  }, 20_000);
});
