// Comments through export and import (SPEC §15, §17): the file keeps every live comment on the
// exported tasks with its author; an import re-posts the exporter's own comments on the imported
// tasks, in order and queued for sync, and skips others' words with a reason, without aborting.
import { beforeEach, describe, expect, it } from 'vitest';
import { comments, getDb, tasks } from '@/data';
import { exportData, importData } from '@/data/backup';
import { freshDb } from './helpers';

beforeEach(async () => {
  await freshDb();
});

const TASK = '0b0e3c1e-8d55-4a43-9f43-0a8d2f1f6f01';
const ME = '3f1c2a9e-5d0b-4c77-8e11-2b6a9d0c4e01';
const ANA = '3f1c2a9e-5d0b-4c77-8e11-2b6a9d0c4e02';

async function bodiesOn(title: string): Promise<string[]> {
  const db = getDb();
  const task = (await db.tasks.toArray()).find((t) => t.title === title)!;
  const rows = await db.comments.where('[task_id+created_at]').between([task.id, ''], [task.id, '\uffff']).toArray();
  return rows.filter((c) => !c.deleted_at).map((c) => c.body);
}

describe('comments in export and import', () => {
  it('export → new device → import re-posts my comments in order, not deleted ones, queued for sync', async () => {
    const task = await tasks.create({ title: 'Paint the fence' });
    await comments.create(task.id, 'Bought the paint');
    const gone = await comments.create(task.id, 'Typo');
    await comments.delete(gone.id);
    await comments.create(task.id, 'Second coat\non Sunday');
    const file = JSON.parse(JSON.stringify(await exportData()));
    expect(file.user_id).toEqual(expect.any(String));
    expect(file.comments.map((c: { body: string }) => c.body)).toEqual(['Bought the paint', 'Second coat\non Sunday']);

    await freshDb();
    const report = await importData(file);
    expect(report.imported).toMatchObject({ tasks: 1, comments: 2 });
    expect(report.skipped).toEqual([]);
    expect(await bodiesOn('Paint the fence')).toEqual(['Bought the paint', 'Second coat\non Sunday']);
    const queued = (await getDb().outbox.toArray()).map((m) => m.name);
    expect(queued.filter((n) => n === 'comment.create')).toHaveLength(2);
  });

  it("skips others' comments, comments of tasks not imported and bad records, and keeps the rest", async () => {
    const report = await importData({
      format: 'daybook', version: 1, exported_at: '2026-11-29T00:00:00Z', user_id: ME, lists: [],
      tasks: [{ id: TASK, title: 'Milk' }],
      comments: [
        { task_id: TASK, author_id: ANA, body: 'Oat milk please', created_at: '2026-11-28T10:00:00Z' },
        { task_id: TASK, author_id: ME, body: 'On it', created_at: '2026-11-28T10:01:00Z' },
        { task_id: 'nope', author_id: ME, body: 'Lost', created_at: '2026-11-28T10:02:00Z' },
        { task_id: TASK, author_id: ME, body: '   ', created_at: '2026-11-28T10:03:00Z' },
        'junk',
      ],
    });
    expect(report.imported).toMatchObject({ tasks: 1, comments: 1 });
    expect(report.skipped.map((s) => [s.kind, s.index, s.reason])).toEqual([
      ['comment', 0, 'Written by someone else'],
      ['comment', 2, 'Its task was not imported'],
      ['comment', 3, expect.any(String)],
      ['comment', 4, 'Not a comment record'],
    ]);
    expect(await bodiesOn('Milk')).toEqual(['On it']);
  });

  it('a file from before comments imports as before', async () => {
    const report = await importData({ format: 'daybook', version: 1, exported_at: '2026-11-29T00:00:00Z', lists: [], tasks: [{ id: TASK, title: 'Milk' }] });
    expect(report.imported).toEqual({ lists: 0, tasks: 1 });
  });
});
