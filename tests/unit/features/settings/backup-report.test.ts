import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '@/data/backup';
import { exportedSummary, exportFileName, formatBytes, importedSummary, skippedLines, skippedSummary } from '@/features/settings/backup-report';
import { switchLanguage } from '@/lib/i18n';

const report = (lists: number, tasks: number, skipped: ImportReport['skipped'] = [], renamed = 0): ImportReport => ({
  imported: { lists, tasks },
  renamed,
  skipped,
});

it('names the export by the local date', () => {
  expect(exportFileName('2025-05-06')).toBe('daybook-export-2025-05-06.json');
});

it('counts what was exported, in the singular when there is one', () => {
  expect(exportedSummary({ lists: 1, tasks: 1 })).toBe('Exported 1 list and 1 task.');
  expect(exportedSummary({ lists: 3, tasks: 0 })).toBe('Exported 3 lists and 0 tasks.');
});

describe('importedSummary', () => {
  it.each([
    [report(0, 0), 'Nothing was imported.'],
    [report(1, 1), 'Imported 1 list and 1 task.'],
    [report(2, 0), 'Imported 2 lists and 0 tasks.'],
    [report(0, 12), 'Imported 0 lists and 12 tasks.'],
    [report(1, 2, [], 3), 'Imported 1 list and 2 tasks (3 given new ids).'],
    [report(0, 1, [], 1), 'Imported 0 lists and 1 task (1 given a new id).'],
  ])('%j → %s', (r, text) => {
    expect(importedSummary(r)).toBe(text);
  });
});

describe('skipped records', () => {
  const file = {
    lists: [{ name: '' }, { name: 'Work' }],
    tasks: [{ title: 'Fine' }, 'not an object', { title: `${'Long title '.repeat(6)}` }, { title: 'Buy\n milk' }],
  };
  const r = report(1, 1, [
    { kind: 'list', index: 0, reason: 'List name is required' },
    { kind: 'list', index: 1, reason: 'Already on this device' },
    { kind: 'task', index: 1, reason: 'Not a task record' },
    { kind: 'task', index: 2, reason: 'Title must be at most 500 characters' },
    { kind: 'task', index: 3, reason: 'Already on this device' },
  ]);

  it('counts them', () => {
    expect(skippedSummary(r)).toBe('Skipped 5 records:');
    expect(skippedSummary(report(1, 0, [{ kind: 'task', index: 0, reason: 'x' }]))).toBe('Skipped 1 record:');
    expect(skippedSummary(report(1, 0))).toBeNull();
  });

  it('numbers each from 1 as in the file, with its name when it has one, and the reason', () => {
    expect(skippedLines(r, file)).toEqual([
      'List 1: List name is required',
      'List 2 “Work”: Already on this device',
      'Task 2: Not a task record',
      'Task 3 “Long title Long title Long title Long t…”: Title must be at most 500 characters',
      'Task 4 “Buy milk”: Already on this device',
    ]);
  });

  it('copes with a file that has no such records', () => {
    expect(skippedLines(report(0, 0, [{ kind: 'task', index: 4, reason: 'Title is required' }]), null)).toEqual([
      'Task 5: Title is required',
    ]);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [300 * 1024 ** 3, '300 GB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('in another language', () => {
  afterEach(() => switchLanguage(null));

  it('counts with the language’s plurals and writes sizes with its decimal mark and units', async () => {
    await switchLanguage('fr');
    expect(formatBytes(1536)).toBe('1,5 Ko');
    expect(formatBytes(1)).toBe('1 octet');
    expect(importedSummary(report(1, 2, [], 3))).toBe('Importation\u00a0: 1 liste et 2 tâches (3 avec de nouveaux identifiants).');
    expect(skippedSummary(report(1, 0, [{ kind: 'task', index: 0, reason: 'x' }]))).toBe('1 élément ignoré\u00a0:');
    await switchLanguage('ja');
    expect(exportedSummary({ lists: 1, tasks: 12 })).toBe('1件のリストと12件のタスクを書き出しました。');
    expect(skippedLines(report(0, 0, [{ kind: 'list', index: 1, reason: '理由' }]), { lists: [{}, { name: '仕事' }] })).toEqual(['リスト 2「仕事」：理由']);
  });
});
