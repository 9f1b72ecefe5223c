// Pure wording for Settings → Backup: the export file name and the import report lines.
import type { ImportReport } from '@/data/backup';

/** `daybook-export-2025-05-06.json`, dated by the device's calendar day. */
export function exportFileName(localDate: string): string {
  return `daybook-export-${localDate}.json`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function exportedSummary(counts: { lists: number; tasks: number }): string {
  return `Exported ${plural(counts.lists, 'list', 'lists')} and ${plural(counts.tasks, 'task', 'tasks')}.`;
}

/** "Imported 1 list and 2 tasks (3 given new ids)." — new ids where the file's were taken (SPEC §15). */
export function importedSummary(report: ImportReport): string {
  const { lists, tasks } = report.imported;
  if (lists === 0 && tasks === 0) return 'Nothing was imported.';
  const renamed = report.renamed > 0 ? ` (${plural(report.renamed, 'given a new id', 'given new ids')})` : '';
  return `Imported ${plural(lists, 'list', 'lists')} and ${plural(tasks, 'task', 'tasks')}${renamed}.`;
}

export function skippedSummary(report: ImportReport): string | null {
  const n = report.skipped.length;
  return n === 0 ? null : `Skipped ${plural(n, 'record', 'records')}:`;
}

const MAX_LABEL = 40;

/** The name or title a skipped record had in the file, if it had a usable one, shortened. */
function recordLabel(file: unknown, kind: ImportReport['skipped'][number]['kind'], index: number): string | null {
  if (typeof file !== 'object' || file === null) return null;
  const records = (file as Record<string, unknown>)[`${kind}s`];
  const record = Array.isArray(records) ? records[index] : undefined;
  if (typeof record !== 'object' || record === null) return null;
  const value = (record as Record<string, unknown>)[kind === 'list' || kind === 'label' || kind === 'filter' ? 'name' : 'title'];
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}

/** One line per skipped record: "Task 3 “Buy milk”: Already on this device" (numbered from 1, as in the file). */
export function skippedLines(report: ImportReport, file: unknown): string[] {
  return report.skipped.map(({ kind, index, reason }) => {
    const label = recordLabel(file, kind, index);
    const what = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${index + 1}${label ? ` “${label}”` : ''}`;
    return `${what}: ${reason}`;
  });
}

/** "1.2 MB" — binary units, one decimal below 10. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
