// Comments on a task (SPEC §17) on screen: the task dialog's "Comments" with each author's name,
// "Add a comment" and "Comment" (Ctrl/Cmd+Enter), Edit and Delete by rights, links made safe,
// "@" suggestions as a listbox that store a mention, and the row's "<n> comments".
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, tasks, toCommentRow, toTaskRow } from '@/data';
import { mentionedUserIds } from '@/domain/mentions';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { MY_EMAIL, seedSharedList } from './support/sharing';

freshAppEachTest();

const ANN = 'ann@example.com';
const BEN = 'ben@example.com';
/** How Ann is shown: no name chosen, so the part of her e-mail before @ (SPEC §16). */
const ANN_NAME = 'ann';

async function shared(myRole: 'owner' | 'editor' | 'viewer' = 'owner') {
  const me = (await getIdentity())!.userId;
  const people: Record<string, 'owner' | 'editor' | 'viewer'> = myRole === 'owner' ? { [ANN]: 'editor' as const, [BEN]: 'viewer' as const } : { [ANN]: 'owner' as const };
  const seeded = await seedSharedList(getDb(), me, myRole, people);
  return { me, ann: seeded.ids[ANN] as string, list: seeded.list };
}

/** A comment as a pull brings it. */
async function pulled(taskId: string, listId: string, author: string, body: string, minutesAgo = 5) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const id = crypto.randomUUID();
  await getDb().comments.put(
    toCommentRow({ id, task_id: taskId, list_id: listId, author_id: author, body, created_at: at, edited_at: null, updated_at: at, deleted_at: null, version: 1 }),
  );
  return id;
}

/** A task made as the server would have it, for a list where this person may not add one. */
async function taskIn(listId: string, createdBy: string, title = 'Paint the fence') {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await getDb().tasks.put(
    toTaskRow({
      id, list_id: listId, title, notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
      position: 'a0', created_by: createdBy, created_at: now, updated_at: now, deleted_at: null, version: 1,
    }),
  );
  return id;
}

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  const section = await within(dialog).findByRole('region', { name: 'Comments' });
  return { ...app, d: within(dialog), c: within(section) };
}

describe('comments in the task dialog', () => {
  it('adds a comment with "Comment", shows it with my name and a relative time, and keeps it on the device', async () => {
    const { list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    const { c, user } = await openDialog(task.id);
    const box = await c.findByRole('textbox', { name: 'Add a comment' });
    expect(c.getByRole('button', { name: 'Comment' })).toBeDisabled();
    await user.type(box, 'I’ll pick it up after work');
    await user.click(c.getByRole('button', { name: 'Comment' }));
    const item = await c.findByRole('listitem');
    expect(item).toHaveTextContent(MY_EMAIL.split('@')[0]!);
    expect(item).toHaveTextContent('I’ll pick it up after work');
    expect(item).toHaveTextContent('just now');
    expect(box).toHaveValue('');
    const [row] = await getDb().comments.toArray();
    expect(row).toMatchObject({ task_id: task.id, list_id: list.id, body: 'I’ll pick it up after work' });
    expect((await getDb().outbox.toArray()).map((m) => m.name)).toContain('comment.create');
  });

  it('sends with Ctrl+Enter, and keeps the text with the message when it is refused', async () => {
    const { list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    const { c, user } = await openDialog(task.id);
    const box = await c.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Done by Friday{Control>}{Enter}{/Control}');
    await c.findByText('Done by Friday');
    // over 2,000 characters: refused at the box, nothing lost
    await user.click(box);
    await user.paste('x'.repeat(2001));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await c.findByText('Comment must be at most 2,000 characters')).toBeInTheDocument();
    expect(box).toHaveValue('x'.repeat(2001));
    expect(await getDb().comments.count()).toBe(1);
  });

  it('lets the author edit and delete their comment; the owner deletes anyone’s but edits only their own', async () => {
    const { me, ann, list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    await pulled(task.id, list.id, ann, 'Bought the paint', 30);
    const mine = await pulled(task.id, list.id, me, 'Brushes are in the shed', 10);
    const { c, user } = await openDialog(task.id);
    const items = await c.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/Bought|Brushes/).textContent)).toEqual(['Bought the paint', 'Brushes are in the shed']);
    const [anns, my] = items as [HTMLElement, HTMLElement];
    expect(anns).toHaveTextContent(ANN_NAME);
    expect(within(anns).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(anns).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.click(within(my).getByRole('button', { name: 'Edit' }));
    const edit = within(my).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(edit);
    await user.type(edit, 'Brushes are in the garage');
    await user.click(within(my).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await getDb().comments.get(mine))?.body).toBe('Brushes are in the garage'));
    expect(await c.findByText('Brushes are in the garage')).toBeInTheDocument();
    expect(my).toHaveTextContent('edited');

    await user.click(within(anns).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(c.queryByText('Bought the paint')).toBeNull());
    expect(c.getAllByRole('listitem')).toHaveLength(1);
  });

  it('lets an editor delete only their own comment', async () => {
    const { me, ann, list } = await shared('editor');
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    await pulled(task.id, list.id, ann, 'Owner’s note', 30);
    await pulled(task.id, list.id, me, 'My note', 10);
    const { c } = await openDialog(task.id);
    const [owners, mine] = (await c.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(owners).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows a viewer the comments without a composer or buttons', async () => {
    const { ann, list } = await shared('viewer');
    const taskId = await taskIn(list.id, ann);
    await pulled(taskId, list.id, ann, 'Read me');
    const { c } = await openDialog(taskId);
    await c.findByText('Read me');
    expect(c.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(c.queryByRole('button', { name: 'Comment' })).toBeNull();
    expect(c.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('names an author no longer on the list "Former member"', async () => {
    const { list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    await pulled(task.id, list.id, crypto.randomUUID(), 'From someone who left');
    const { c } = await openDialog(task.id);
    expect(await c.findByRole('listitem')).toHaveTextContent('Former member');
  });

  it('makes web addresses links that open apart, and leaves any other text as text', async () => {
    const { ann, list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    await pulled(task.id, list.id, ann, 'Colours: https://example.com/paint?x=1. Not <b>bold</b> javascript:alert(1)');
    const { c } = await openDialog(task.id);
    const link = await c.findByRole('link', { name: 'https://example.com/paint?x=1' });
    expect(link).toHaveAttribute('href', 'https://example.com/paint?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(c.getAllByRole('link')).toHaveLength(1);
    expect(c.getByText(/Not <b>bold<\/b> javascript:alert\(1\)/)).toBeInTheDocument();
  });

  it('suggests the list’s members after "@" in a listbox and stores the mention', async () => {
    const { ann, list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    const { c, user } = await openDialog(task.id);
    const box = await c.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Thanks @an');
    const listbox = await c.findByRole('listbox', { name: 'Members' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([ANN_NAME]);
    expect(box).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option', { name: ANN_NAME }).id);
    await user.keyboard('{Enter}');
    expect(c.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue(`Thanks @${ANN_NAME} `);
    await user.type(box, 'for the paint');
    await user.click(c.getByRole('button', { name: 'Comment' }));
    await waitFor(async () => expect(await getDb().comments.count()).toBe(1));
    const [row] = await getDb().comments.toArray();
    expect(row!.body).toBe(`Thanks @[${ANN_NAME}](${ann}) for the paint`);
    expect(mentionedUserIds(row!.body)).toEqual([ann]);
    expect(await c.findByText(`@${ANN_NAME}`)).toHaveClass('comment-mention');
  });

  it('closes the suggestions on Escape and leaves the dialog open', async () => {
    const { list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    const { c, user } = await openDialog(task.id);
    await user.type(await c.findByRole('textbox', { name: 'Add a comment' }), '@');
    await c.findByRole('listbox', { name: 'Members' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(c.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Task' })).toBeInTheDocument();
  });
});

describe('comment counts on rows', () => {
  it('shows "<n> comments" on the list screen’s row, live', async () => {
    const { ann, list } = await shared();
    const task = await tasks.create({ title: 'Paint the fence', list_id: list.id });
    renderRoutes(`/lists/${list.id}`);
    await screen.findByRole('checkbox', { name: 'Paint the fence' });
    expect(screen.queryByRole('img', { name: /comments$/ })).toBeNull();
    await pulled(task.id, list.id, ann, 'One');
    const id = await pulled(task.id, list.id, ann, 'Two');
    expect(await screen.findByRole('img', { name: '2 comments' })).toHaveTextContent('2');
    const row = await getDb().comments.get(id);
    await getDb().comments.put({ ...row!, deleted_at: new Date().toISOString(), state: 2 });
    expect(await screen.findByRole('img', { name: '1 comment' })).toBeInTheDocument();
  });
});
