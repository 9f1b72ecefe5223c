// Labels through export and import (SPEC §14.1, §15): the person's labels and their labels on the
// exported tasks travel; an imported label joins a live label of the same name or is made anew;
// rows of tasks not imported are skipped; the limits hold without aborting the import.
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, listLabels, tasks } from '@/data';
import { labels } from '@/data/labels';
import { exportData, importData } from '@/data/backup';
import { freshDb } from './helpers';

beforeEach(async () => {
  await freshDb();
});

async function namesOn(taskTitle: string): Promise<string[]> {
  const db = getDb();
  const task = (await db.tasks.toArray()).find((t) => t.title === taskTitle)!;
  const rows = await db.task_labels.where('[task_id+label_id]').between([task.id, ''], [task.id, '\uffff']).toArray();
  const out: string[] = [];
  for (const r of rows) if (!r.deleted_at) out.push((await db.labels.get(r.label_id))!.name);
  return out.sort();
}

const TASK = '0b0e3c1e-8d55-4a43-9f43-0a8d2f1f6f01';
const OTHER = '0b0e3c1e-8d55-4a43-9f43-0a8d2f1f6f02';

describe('labels in export and import', () => {
  it('export → new device → import gives back the labels and which tasks have them, queued for sync', async () => {
    const trip = await tasks.create({ title: 'Plan the trip' });
    const milk = await tasks.create({ title: 'Milk' });
    await labels.addByName(trip.id, ['Errands', 'Phone']);
    await labels.addByName(milk.id, ['Errands']);
    const gone = await labels.create('Gone', 'red');
    await labels.delete(gone.id);
    const file = JSON.parse(JSON.stringify(await exportData()));
    expect(file.labels.map((l: { name: string }) => l.name).sort()).toEqual(['Errands', 'Phone']);
    expect(file.task_labels).toHaveLength(3);

    await freshDb();
    const report = await importData(file);
    expect(report.imported).toMatchObject({ labels: 2, task_labels: 3 });
    expect(report.skipped).toEqual([]);
    expect((await listLabels()).map((l) => [l.name, l.color])).toEqual([
      ['Errands', 'grey'],
      ['Phone', 'grey'],
    ]);
    expect(await namesOn('Plan the trip')).toEqual(['Errands', 'Phone']);
    expect(await namesOn('Milk')).toEqual(['Errands']);
    const queued = (await getDb().outbox.toArray()).map((m) => m.name);
    expect(queued.filter((n) => n === 'label.create')).toHaveLength(2);
    expect(queued.filter((n) => n === 'task_label.add')).toHaveLength(3);
  });

  it('an imported label joins a live label of the same name, whatever its case', async () => {
    const existing = await labels.create('Errands', 'teal');
    const report = await importData({
      format: 'daybook', version: 1, exported_at: '2026-11-27T00:00:00Z', lists: [],
      tasks: [{ id: TASK, title: 'Milk' }],
      labels: [{ id: 'f-label', name: 'errands', color: 'red' }],
      task_labels: [{ task_id: TASK, label_id: 'f-label' }, { task_id: OTHER, label_id: 'f-label' }],
    });
    expect(report.imported).toMatchObject({ tasks: 1, task_labels: 1 });
    expect(report.imported.labels).toBeUndefined();
    expect(report.skipped).toEqual([{ index: 1, kind: 'task_label', reason: 'Its task was not imported' }]);
    expect((await listLabels()).map((l) => l.id)).toEqual([existing.id]);
    expect(await namesOn('Milk')).toEqual(['Errands']);
  });

  it('skips labels past 20 on a task and bad names, and imports the rest', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ id: `f${i}`, name: `L${i}`, color: 'grey' }));
    const report = await importData({
      format: 'daybook', version: 1, exported_at: '2026-11-27T00:00:00Z', lists: [],
      tasks: [{ id: TASK, title: 'Busy' }],
      labels: [...many, { id: 'bad', name: 'x'.repeat(61), color: 'grey' }],
      task_labels: many.map((l) => ({ task_id: TASK, label_id: l.id })),
    });
    expect(report.imported).toMatchObject({ labels: 21, task_labels: 20 });
    expect(report.skipped).toEqual([
      { index: 21, kind: 'label', reason: 'Label name must be at most 60 characters' },
      { index: 20, kind: 'task_label', reason: 'A task holds at most 20 labels' },
    ]);
  });
});
