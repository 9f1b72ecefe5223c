import './support/match-media';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, getIdentity, lists, listTasks, tasks, toTaskRow } from '@/data';
import { newId, nowIso } from '@/lib/ids';
import type { Task } from '@/domain/model';
import { positionAfter } from '@/lib/order';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

// jsdom has no layout: give rows a height so the virtualizer has something to measure.
const ROW = 58;
// …and put the list below a header, as on screen, so page offsets and list offsets differ.
const LIST_TOP = 300;
const realRect = HTMLElement.prototype.getBoundingClientRect;
let restoreHeight: PropertyDescriptor | undefined;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return this.classList.contains('virtual-list') ? new DOMRect(0, LIST_TOP, 800, 0) : realRect.call(this);
  };
  restoreHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get() {
      return this.classList?.contains('task-row') ? ROW : 0;
    },
  });
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
  if (restoreHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', restoreHeight);
});

freshAppEachTest();

const rowsOf = () => within(screen.getByRole('list', { name: 'Home tasks' })).getAllByRole('listitem');
const shownTitles = () => rowsOf().map((li) => within(li).getByRole('link').textContent);
const storedTitles = async (listId: string) => (await listTasks(listId, 'all')).map((t) => t.title);

async function homeWith(titles: string[]) {
  const home = await lists.create({ name: 'Home', color: 'green' });
  const made = [];
  for (const title of titles) made.push(await tasks.create({ title, list_id: home.id }));
  return { home, made };
}

describe('/lists/$listId', () => {
  it("shows the list's name as its heading and adds to this list", async () => {
    const { home } = await homeWith(['Fix the tap']);
    const { user } = renderRoutes(`/lists/${home.id}`);
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New task' }), 'Paint the fence{Enter}');
    await waitFor(() => expect(shownTitles()).toEqual(['Fix the tap', 'Paint the fence']));
    const { inboxId } = (await getIdentity())!;
    expect(await listTasks(inboxId)).toEqual([]);
  });

  it('filters open, done or all from ?show=, which stays in the URL', async () => {
    const { home, made } = await homeWith(['Fix the tap', 'Paint the fence']);
    await tasks.setDone(made[0]!.id, true);
    const { user, router } = renderRoutes(`/lists/${home.id}?show=done`);
    await waitFor(() => expect(shownTitles()).toEqual(['Fix the tap']));
    expect(screen.getByRole('radio', { name: 'Done' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Fix the tap', 'Paint the fence']));
    expect(router.state.location.search).toMatchObject({ show: 'all' });

    await user.click(screen.getByRole('radio', { name: 'Open' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Paint the fence']));
    expect(router.state.location.search).not.toHaveProperty('show');
  });

  it('ignores an invalid ?show= and shows open tasks', async () => {
    const { home, made } = await homeWith(['Fix the tap', 'Paint the fence']);
    await tasks.setDone(made[0]!.id, true);
    renderRoutes(`/lists/${home.id}?show=everything`);
    await waitFor(() => expect(shownTitles()).toEqual(['Paint the fence']));
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
  });

  it('moves a task with the Move up / Move down buttons and announces where it went', async () => {
    const { home } = await homeWith(['A', 'B', 'C']);
    const { user } = renderRoutes(`/lists/${home.id}`);
    await waitFor(() => expect(shownTitles()).toEqual(['A', 'B', 'C']));
    const rowA = rowsOf()[0]!;
    expect(within(rowA).getByRole('button', { name: 'Move up' })).toBeDisabled();
    await user.click(within(rowA).getByRole('button', { name: 'Move down' }));
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['B', 'A', 'C']));
    await waitFor(() => expect(shownTitles()).toEqual(['B', 'A', 'C']));
    expect(await screen.findByText('Moved "A" to position 2 of 3')).toBeInTheDocument();

    await user.click(within(rowsOf()[2]!).getByRole('button', { name: 'Move up' }));
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['B', 'C', 'A']));
  });

  it('after a move, focus goes back to the moved row only if the person has not put it elsewhere meanwhile', async () => {
    const { home } = await homeWith(['A', 'B', 'C']);
    renderRoutes(`/lists/${home.id}`);
    await waitFor(() => expect(shownTitles()).toEqual(['A', 'B', 'C']));
    fireEvent.click(within(rowsOf()[0]!).getByRole('button', { name: 'Move down' }));
    // focus moved on before the write and its frame are done (a fast keyboard, a test)
    within(rowsOf()[2]!).getByRole('link', { name: 'C' }).focus();
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['B', 'A', 'C']));
    await screen.findByText('Moved "A" to position 2 of 3');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('link', { name: 'C' })).toHaveFocus();
  });

  it('moves a task by dragging its handle with a pointer (mouse, pen or touch)', async () => {
    const { home } = await homeWith(['A', 'B', 'C', 'D']);
    renderRoutes(`/lists/${home.id}`);
    await waitFor(() => expect(shownTitles()).toEqual(['A', 'B', 'C', 'D']));
    // jsdom has no pointer capture; the browser's is implicit for touch anyway.
    Element.prototype.setPointerCapture ??= () => {};
    const list = screen.getByRole('list', { name: 'Home tasks' });
    const top = list.getBoundingClientRect().top + window.scrollY;
    const handle = rowsOf()[0]!.querySelector('.drag-handle')!;
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: top + ROW / 2 });
    // Into the lower half of C: the drop slot is between C and D.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: top + ROW * 2.75 });
    await waitFor(() => expect(list.querySelector('.drop-line')).not.toBeNull());
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: top + ROW * 2.75 });
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['B', 'C', 'A', 'D']));
    expect(await screen.findByText('Moved "A" to position 3 of 4')).toBeInTheDocument();
  });

  it('moves the focused task with Alt+ArrowUp and Alt+ArrowDown', async () => {
    const { home } = await homeWith(['A', 'B', 'C']);
    const { user } = renderRoutes(`/lists/${home.id}`);
    await waitFor(() => expect(shownTitles()).toEqual(['A', 'B', 'C']));
    within(rowsOf()[2]!).getByRole('link', { name: 'C' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['A', 'C', 'B']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'C' })).toHaveFocus());
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['C', 'A', 'B']));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(async () => expect(await storedTitles(home.id)).toEqual(['A', 'C', 'B']));
  });

  it('renders only a window of a 10,000-task list', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const { userId } = (await getIdentity())!;
    const now = nowIso();
    let position: string | null = null;
    const rows = [];
    for (let i = 0; i < 10_000; i++) {
      position = positionAfter(position);
      const task: Task = {
        id: newId(), list_id: home.id, title: `Task ${i + 1}`, notes: '', due_date: null, due_time: null,
        priority: 0, done: false, done_at: null, position, created_by: userId, created_at: now,
        updated_at: now, deleted_at: null, version: 0,
      };
      rows.push(toTaskRow(task));
    }
    // Seeded straight into the table (as a pull would leave them); the UI only reads.
    await getDb().tasks.bulkAdd(rows);
    renderRoutes(`/lists/${home.id}`);
    await waitFor(() => expect(rowsOf().length).toBeGreaterThan(0));
    const shown = rowsOf();
    expect(shown.length).toBeLessThan(60);
    expect(shown[0]).toHaveAttribute('aria-setsize', '10000');
    expect(within(shown[0]!).getByRole('link')).toHaveTextContent('Task 1');
  }, 30_000);

  it("says so when the list doesn't exist", async () => {
    renderRoutes('/lists/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: "This list doesn't exist" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your lists' })).toHaveAttribute('href', '/lists');
  });
});
