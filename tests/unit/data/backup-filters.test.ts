// Saved filters through export and import (SPEC §14.2, §15): the person's live filters travel with
// their queries; the lists and labels a query names are mapped to the ids the import gave them, so
// the imported filter keeps what it showed; one already here is not made twice.
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, lists, tasks } from '@/data';
import { labels } from '@/data/labels';
import { exportData, importData } from '@/data/backup';
import { filters, runFilter } from '@/data/filters';
import { listFilters } from '@/data/filters/list';
import { freshDb } from './helpers';

beforeEach(async () => {
  await freshDb();
});

const TODAY = '2026-11-27';
const LIST = '0b0e3c1e-8d55-4a43-9f43-0a8d2f1f6f11';
const TASK = '0b0e3c1e-8d55-4a43-9f43-0a8d2f1f6f01';
const file = (extra: Record<string, unknown>) => ({
  format: 'daybook', version: 1, exported_at: '2026-11-27T00:00:00Z',
  lists: [{ id: LIST, name: 'Work', color: 'blue' }],
  tasks: [{ id: TASK, list_id: LIST, title: 'Report' }],
  labels: [{ id: 'f-label', name: 'Errands', color: 'teal' }],
  task_labels: [{ task_id: TASK, label_id: 'f-label' }],
  ...extra,
});

describe('filters in export and import', () => {
  it('export → new device → import gives back each filter showing the same tasks, queued for sync', async () => {
    const work = await lists.create({ name: 'Work' });
    const report = await tasks.create({ title: 'Weekly report', list_id: work.id, priority: 3 });
    await tasks.create({ title: 'Milk' });
    await labels.addByName(report.id, ['Errands']);
    const [errands] = await (await import('@/data')).listLabels();
    await filters.create('Work', { lists: [work.id], priority_at_least: 2 });
    await filters.create('Errands', { labels: [errands!.id] });
    const gone = await filters.create('Gone', {});
    await filters.delete(gone.id);
    const exported = JSON.parse(JSON.stringify(await exportData()));
    expect(exported.filters.map((f: { name: string }) => f.name).sort()).toEqual(['Errands', 'Work']);

    await freshDb();
    const result = await importData(exported);
    expect(result.imported).toMatchObject({ filters: 2 });
    expect(result.skipped).toEqual([]);
    const imported = await listFilters();
    expect(imported.map((f) => f.name)).toEqual(['Errands', 'Work']);
    for (const f of imported) {
      const shown = await runFilter(f.query as never, TODAY);
      expect(shown.map((t) => t.title), f.name).toEqual(['Weekly report']);
    }
    const queued = (await getDb().outbox.toArray()).map((m) => m.name);
    expect(queued.filter((n) => n === 'filter.create')).toHaveLength(2);
  });

  it("maps a query's list and label ids to the imported ones, and drops ids the file did not bring", async () => {
    const result = await importData(
      file({
        filters: [
          { id: 'f1', name: 'Work errands', query: { lists: [LIST, 'not-in-file'], labels: ['f-label'], status: 'all' } },
          { id: 'f2', name: 'Elsewhere', query: { lists: ['not-in-file'] } },
          { id: 'f3', name: 'Broken', query: { due: 'someday' } },
        ],
      }),
    );
    expect(result.imported).toMatchObject({ filters: 1 });
    expect(result.skipped.map((s) => [s.kind, s.index, s.reason])).toEqual([
      ['filter', 1, 'Its lists were not imported'],
      ['filter', 2, 'That filter can’t be saved'],
    ]);
    const [f] = await listFilters();
    const work = (await getDb().lists.toArray()).find((l) => l.name === 'Work')!;
    const errands = (await getDb().labels.toArray()).find((l) => l.name === 'Errands')!;
    expect(f!.query).toEqual({ lists: [work.id], labels: [errands.id], status: 'all' });
    expect((await runFilter(f!.query as never, TODAY)).map((t) => t.title)).toEqual(['Report']);
  });

  it('a filter already here with the same name and query is not made again', async () => {
    await importData(file({ filters: [{ id: 'f1', name: 'Everything', query: {} }] }));
    const again = await importData(file({ filters: [{ id: 'f1', name: 'Everything', query: {} }] }));
    expect(again.imported.filters ?? 0).toBe(0);
    expect(again.skipped.filter((s) => s.kind === 'filter').map((s) => s.reason)).toEqual(['Already on this device']);
    expect(await listFilters()).toHaveLength(1);
  });
});
