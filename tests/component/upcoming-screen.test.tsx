import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tasks } from '@/data';
import { dateFromIso } from '@/ui/format';
import { addDays, todayIso, UPCOMING_DAYS } from '@/lib/dates';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

const weekdayName = (iso: string) => new Intl.DateTimeFormat(undefined, { weekday: 'long' }).format(dateFromIso(iso));

describe('/upcoming', () => {
  it('groups the next 14 days under weekday + date headings', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Dentist', due_date: addDays(today, 1), due_time: '09:30' });
    await tasks.create({ title: 'Water plants', due_date: addDays(today, 1) });
    await tasks.create({ title: 'Book trains', due_date: addDays(today, 5) });
    await tasks.create({ title: 'Too far', due_date: addDays(today, UPCOMING_DAYS) });
    await tasks.create({ title: 'Late', due_date: addDays(today, -1) });
    renderRoutes('/upcoming');

    await screen.findByRole('link', { name: 'Dentist' }, { timeout: 15_000 });
    const days = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(days).toHaveLength(UPCOMING_DAYS);
    expect(days[0]).toHaveTextContent(/^Today · /);
    expect(days[1]).toHaveTextContent(/^Tomorrow · /);
    expect(days[5]).toHaveTextContent(weekdayName(addDays(today, 5)));

    const tomorrow = screen.getByRole('region', { name: /^Tomorrow · .* 2$/ });
    // Untimed tasks first within a day.
    await waitFor(() =>
      expect(within(tomorrow).getAllByRole('link').map((a) => a.textContent)).toEqual(['Water plants', 'Dentist']),
    );
    expect(screen.getByRole('link', { name: 'Book trains' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Too far' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Late' })).toBeNull();
  }, 20_000); // 14 days of live reads: over 5 s on a loaded 2-core machine

  it('shows a count on each calendar day and picking a day shows that day, kept in the URL', async () => {
    const today = todayIso();
    const target = addDays(today, 20);
    await tasks.create({ title: 'Passport office', due_date: target });
    await tasks.create({ title: 'Renew insurance', due_date: target });
    const { user, router } = renderRoutes(`/upcoming?day=${addDays(today, 1)}`);

    // Jump the calendar to the target's month and pick the day by its name, which carries the count.
    const calendar = await screen.findByRole('complementary', { name: 'Calendar' });
    if (target.slice(0, 7) !== today.slice(0, 7)) {
      await user.click(within(calendar).getByRole('button', { name: /next month/i }));
    }
    const day = await within(calendar).findByRole('button', { name: /, 2 tasks/ });
    expect(day).toHaveTextContent(String(Number(target.slice(8))));
    // The count is drawn on the day (from data-count) and read out in its name.
    expect(day.querySelector('[data-count]')).toHaveAttribute('data-count', '2');
    await user.click(day);

    await waitFor(() => expect(router.state.location.search).toMatchObject({ day: target }));
    const picked = await screen.findByRole('region', { name: new RegExp(weekdayName(target)) });
    await waitFor(() =>
      expect(within(picked).getAllByRole('link').map((a) => a.textContent)).toEqual(['Passport office', 'Renew insurance']),
    );
    // Quick add on a picked day dates the task that day.
    await user.type(within(picked).getByRole('textbox', { name: 'New task' }), 'Print forms{Enter}');
    expect(await within(picked).findByRole('link', { name: 'Print forms' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Show the next ${UPCOMING_DAYS} days` }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('day'));
  }, 20_000);

  it('ignores an invalid ?day=', async () => {
    renderRoutes('/upcoming?day=2026-02-31');
    expect(await screen.findByText(`The next ${UPCOMING_DAYS} days`)).toBeInTheDocument();
  });
});
