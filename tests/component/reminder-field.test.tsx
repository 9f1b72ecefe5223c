// The task dialog's "Reminder" combo box (SPEC §11.4, names of §11.5): None then the six times;
// disabled and explained without a due date; picking a time sets the person's reminder (and asks
// for notification permission then, never on opening), None clears it; blocked notifications are
// explained at the field; a viewer of a shared list may set their own.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb, getIdentity, getReminder, tasks, toTaskRow } from '@/data';
import { todayIso } from '@/lib/dates';
import { newId, nowIso } from '@/lib/ids';
import { BLOCKED_MESSAGE } from '@/lib/notification-permission';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';

freshAppEachTest();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return { ...app, d: within(dialog) };
}

/** A Notification stand-in whose permission starts at `state`; asking answers `answer`. */
function stubNotifications(state: NotificationPermission, answer: NotificationPermission = state) {
  const requestPermission = vi.fn(async () => {
    permission.value = answer;
    return answer;
  });
  const permission = { value: state };
  vi.stubGlobal('Notification', {
    get permission() {
      return permission.value;
    },
    requestPermission,
  });
  return requestPermission;
}

describe('the Reminder combo box', () => {
  it('offers None then the six times; picking one sets the reminder, None clears it', async () => {
    const asked = stubNotifications('default', 'granted');
    const task = await tasks.create({ title: 'Dentist', due_date: todayIso(), due_time: '16:30' });
    const { d, user } = await openDialog(task.id);
    const box = d.getByRole('combobox', { name: 'Reminder' });
    expect(within(box).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None', 'At the due time', '5 minutes before', '15 minutes before', '30 minutes before', '1 hour before', '1 day before',
    ]);
    expect(box).toHaveValue('none');
    expect(box).toBeEnabled();
    expect(asked).not.toHaveBeenCalled(); // never on opening

    await user.selectOptions(box, '15 minutes before');
    await waitFor(async () => expect(await getReminder(task.id)).toMatchObject({ offset_minutes: 15 }));
    await waitFor(() => expect(box).toHaveValue('15'));
    expect(asked).toHaveBeenCalledTimes(1);

    await user.selectOptions(box, 'None');
    await waitFor(async () => expect(await getReminder(task.id)).toBeNull());
    expect((await getDb().outbox.toArray()).map((m) => m.name)).toEqual(['task.create', 'reminder.set', 'reminder.clear']);
  }, 20_000); // a loaded 2-core machine: the dialog, its live reads and a write each

  it('without a due date it is disabled and says why; it comes back with a date', async () => {
    const task = await tasks.create({ title: 'Call mum' });
    const { d, user } = await openDialog(task.id);
    const box = d.getByRole('combobox', { name: 'Reminder' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Set a date before adding a reminder');
    await tasks.update(task.id, { due_date: todayIso() });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toHaveAccessibleDescription('Set a date before adding a reminder');
    await user.selectOptions(box, '1 day before');
    await waitFor(async () => expect(await getReminder(task.id)).toMatchObject({ offset_minutes: 1440 }));
  }, 20_000); // a loaded 2-core machine: the dialog, its live reads and a write each

  it('when notifications are blocked, the reminder is still set and the field says how to allow them', async () => {
    stubNotifications('denied');
    const task = await tasks.create({ title: 'Dentist', due_date: todayIso() });
    const { d, user } = await openDialog(task.id);
    const box = d.getByRole('combobox', { name: 'Reminder' });
    expect(box).not.toHaveAccessibleDescription(BLOCKED_MESSAGE);
    await user.selectOptions(box, 'At the due time');
    await waitFor(() => expect(box).toHaveAccessibleDescription(BLOCKED_MESSAGE));
    expect(await getReminder(task.id)).toMatchObject({ offset_minutes: 0 });
  }, 20_000); // a loaded 2-core machine: the dialog, its live reads and a write each

  it('a viewer of a shared list sets their own reminder', async () => {
    const { userId } = (await getIdentity())!;
    const seeded = await seedSharedList(getDb(), userId, 'viewer', { 'owner@example.com': 'owner' });
    const now = nowIso();
    const id = newId();
    await getDb().tasks.put(
      toTaskRow({
        id, list_id: seeded.list.id, title: 'Book the hall', notes: '', due_date: todayIso(), due_time: null, priority: 0, done: false,
        done_at: null, position: 'a1', created_by: seeded.ids['owner@example.com'] as string, created_at: now, updated_at: now, deleted_at: null, version: 1,
      }),
    );
    const { d, user } = await openDialog(id);
    await waitFor(() => expect(d.getByRole('combobox', { name: 'Repeat' })).toBeDisabled()); // the role has loaded
    const box = d.getByRole('combobox', { name: 'Reminder' });
    expect(box).toBeEnabled();
    await user.selectOptions(box, '1 hour before');
    await waitFor(async () => expect(await getReminder(id)).toMatchObject({ offset_minutes: 60, list_id: seeded.list.id }));
  }, 20_000); // a loaded 2-core machine: the dialog, its live reads and a write each
});
