// Reordering steps in the task dialog (SPEC §11.3): Alt+ArrowUp/Alt+ArrowDown on a step moves it
// and keeps focus on the control it was pressed in; nothing moves past either end; dragging a
// step's handle drops it where the pointer is; each move is one synced step.update of the
// position; a viewer sees no handle and Alt+Arrow moves nothing. (jsdom keeps focus on a node React
// moves, so focus after a move is proven in Chromium: tests/e2e/planner.spec.ts.)
import './support/match-media';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, steps, taskSteps, tasks, toStepRow, toTaskRow } from '@/data';
import { newId, nowIso } from '@/lib/ids';
import type { Step, Task } from '@/domain/model';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';

freshAppEachTest();

async function packWithSteps(titles = ['Passport', 'Charger', 'Socks']) {
  const task = await tasks.create({ title: 'Pack' });
  for (const title of titles) await steps.create(task.id, title);
  return task;
}

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('checkbox', { name: 'Passport' });
  return { ...app, d: within(dialog) };
}

const order = async (taskId: string) => (await taskSteps(taskId)).map((s) => s.title);
const shown = (d: ReturnType<typeof within>) =>
  (d.getAllByRole('checkbox') as HTMLElement[]).filter((c) => c.closest('[data-step-id]')).map((c) => c.getAttribute('aria-label'));

describe('reordering steps with the keyboard', () => {
  it('Alt+ArrowDown and Alt+ArrowUp move the step and focus stays on it; each move is one step.update', async () => {
    const task = await packWithSteps();
    const { d, user } = await openDialog(task.id);
    const outboxBefore = await getDb().outbox.count();

    d.getByRole('checkbox', { name: 'Passport' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(async () => expect(await order(task.id)).toEqual(['Charger', 'Passport', 'Socks']));
    await waitFor(() => expect(shown(d)).toEqual(['Charger', 'Passport', 'Socks']));
    expect(d.getByRole('checkbox', { name: 'Passport' })).toHaveFocus();

    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(shown(d)).toEqual(['Charger', 'Socks', 'Passport']));
    expect(d.getByRole('checkbox', { name: 'Passport' })).toHaveFocus();

    // From the title box too, and focus stays in that box.
    d.getByRole('textbox', { name: 'Edit step Socks' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(shown(d)).toEqual(['Socks', 'Charger', 'Passport']));
    expect(d.getByRole('textbox', { name: 'Edit step Socks' })).toHaveFocus();

    const changes = (await getDb().outbox.toArray()).slice(outboxBefore);
    expect(changes.map((c) => c.name)).toEqual(['step.update', 'step.update', 'step.update']);
    expect(changes.every((c) => Object.keys((c.args as { patch: object }).patch).join() === 'position')).toBe(true);
  }, 20_000);

  it('nothing moves past the first or the last step', async () => {
    const task = await packWithSteps();
    const { d, user } = await openDialog(task.id);
    const before = await getDb().outbox.count();
    d.getByRole('checkbox', { name: 'Passport' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    d.getByRole('checkbox', { name: 'Socks' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await getDb().outbox.count()).toBe(before);
    expect(await order(task.id)).toEqual(['Passport', 'Charger', 'Socks']);
  });
});

describe('steps that share a position (two devices moved into the same gap offline)', () => {
  it('Alt+ArrowUp on the last of three at one position moves it up, re-spacing them as step.updates', async () => {
    const task = await tasks.create({ title: 'Pack' });
    const now = nowIso();
    // equal positions come in ordered by id: these ids keep Passport, Charger, Socks
    const step = (id: string, title: string): Step => ({
      id, task_id: task.id, list_id: task.list_id, title, done: false, position: 'a0V', created_at: now, updated_at: now, deleted_at: null, version: 1,
    });
    await getDb().steps.bulkPut(
      [step('00000000-0000-4000-8000-000000000001', 'Passport'), step('00000000-0000-4000-8000-000000000002', 'Charger'), step('00000000-0000-4000-8000-000000000003', 'Socks')].map((s) => toStepRow(s)),
    );
    const { d, user } = await openDialog(task.id);
    await waitFor(() => expect(shown(d)).toEqual(['Passport', 'Charger', 'Socks']));
    const outboxBefore = await getDb().outbox.count();

    d.getByRole('checkbox', { name: 'Socks' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect(await order(task.id)).toEqual(['Passport', 'Socks', 'Charger']));
    await waitFor(() => expect(shown(d)).toEqual(['Passport', 'Socks', 'Charger']));
    const positions = (await taskSteps(task.id)).map((s) => s.position);
    expect(new Set(positions).size).toBe(3);

    // and from there on every move moves
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect(await order(task.id)).toEqual(['Socks', 'Passport', 'Charger']));
    const changes = (await getDb().outbox.toArray()).slice(outboxBefore);
    expect(changes.every((c) => c.name === 'step.update' && Object.keys((c.args as { patch: object }).patch).join() === 'position')).toBe(true);
  }, 20_000);
});

describe('reordering steps by dragging', () => {
  it('drags a step by its handle to where the pointer is dropped', async () => {
    const task = await packWithSteps(['Passport', 'Charger', 'Socks', 'Hat']);
    const { d } = await openDialog(task.id);
    const rows = d.getAllByRole('listitem').filter((li) => li.hasAttribute('data-step-id'));
    // jsdom lays nothing out: give the rows 40 px boxes, one under the other.
    rows.forEach((row, i) => {
      row.getBoundingClientRect = () => ({ top: i * 40, bottom: i * 40 + 40, height: 40, left: 0, right: 300, width: 300, x: 0, y: i * 40, toJSON: () => ({}) });
    });
    const handle = rows[0]!.querySelector('.step-handle')!;
    expect(handle).toHaveAttribute('aria-hidden', 'true'); // pointer only; the keyboard has Alt+Arrow
    fireEvent.pointerDown(handle, { button: 0, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 135, pointerId: 1 }); // below Socks' middle (100), above Hat's (140)
    await waitFor(() => expect(rows[3]).toHaveClass('drop-before'));
    fireEvent.pointerUp(handle, { clientY: 135, pointerId: 1 });
    await waitFor(async () => expect(await order(task.id)).toEqual(['Charger', 'Socks', 'Passport', 'Hat']));

    // A cancelled drag drops nothing.
    const again = d.getAllByRole('listitem').filter((li) => li.hasAttribute('data-step-id'));
    const last = again[3]!.querySelector('.step-handle')!;
    fireEvent.pointerDown(last, { button: 0, clientY: 140, pointerId: 2 });
    fireEvent.pointerMove(last, { clientY: 0, pointerId: 2 });
    fireEvent.pointerCancel(last, { pointerId: 2 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await order(task.id)).toEqual(['Charger', 'Socks', 'Passport', 'Hat']);
  }, 20_000);
});

describe("a viewer's steps", () => {
  it('show no handle, and Alt+Arrow moves nothing', async () => {
    const { userId } = (await getIdentity())!;
    const seeded = await seedSharedList(getDb(), userId, 'viewer', { 'owner@example.com': 'owner' });
    const now = nowIso();
    const task: Task = {
      id: newId(), list_id: seeded.list.id, title: 'Hall', notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
      position: 'a1', created_by: seeded.ids['owner@example.com'] as string, created_at: now, updated_at: now, deleted_at: null, version: 1,
      repeat: null, repeat_anchor: null,
    };
    await getDb().tasks.put(toTaskRow(task));
    const step = (title: string, position: string): Step => ({
      id: newId(), task_id: task.id, list_id: task.list_id, title, done: false, position, created_at: now, updated_at: now, deleted_at: null, version: 1,
    });
    await getDb().steps.bulkPut([step('Passport', 'a1'), step('Chairs', 'a2')].map((s) => toStepRow(s)));
    const { d, user } = await openDialog(task.id);
    await waitFor(() => expect(d.getByRole('checkbox', { name: 'Passport' })).toBeDisabled());
    expect(document.querySelector('.step-handle')).toBeNull();
    expect(d.queryByRole('textbox', { name: 'Add step' })).toBeNull();
    d.getByRole('textbox', { name: 'Edit step Passport' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await new Promise((r) => setTimeout(r, 100));
    expect(await order(task.id)).toEqual(['Passport', 'Chairs']);
    expect(await getDb().outbox.count()).toBe(0);
  });
});
