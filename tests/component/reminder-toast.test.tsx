// The reminder fallback while the app is open (SPEC §11.4): with notifications unavailable or
// not allowed, the leader tab shows "Reminder: <title>" with "Open" — once, at its time.
import './support/match-media';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { ReminderScheduler } from '@/app/reminders/reminder-scheduler';
import { getDb, reminders, tasks } from '@/data';
import { todayIso } from '@/lib/dates';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

describe('reminder toast', () => {
  it('a due reminder shows as a toast with Open, once; a future one not yet', async () => {
    expect(typeof Notification).toBe('undefined'); // jsdom: no notifications, so the toast
    const now = new Date();
    const dueSoon = new Date(now.getTime() + 30 * 60_000);
    // a time earlier today (a minute ago), unless that crosses midnight
    const past = new Date(now.getTime() - 60_000);
    const late = await tasks.create({ title: 'Ring the bank', due_date: todayIso(past), due_time: hhmm(past) });
    await reminders.set(late.id, 0);
    const later = await tasks.create({ title: 'Later thing', due_date: todayIso(dueSoon), due_time: hhmm(dueSoon) });
    await reminders.set(later.id, 0);

    render(
      <>
        <AppToaster />
        <ReminderScheduler />
      </>,
    );
    expect(await screen.findByText('Reminder: Ring the bank', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.queryByText('Reminder: Later thing')).toBeNull();

    // another write recomputes; the shown record keeps it from showing twice
    await act(async () => {
      await tasks.update(later.id, { title: 'Later thing, renamed' });
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(screen.getAllByText('Reminder: Ring the bank')).toHaveLength(1);
    expect((await getDb().meta.where('key').startsWith('reminder_shown:').count())).toBe(1);
  });
});
