// Pure wording for Settings → Backup: the export file name and the import report lines, in the
// app's language.
import type { ImportReport } from '@/data/backup';
import { intlLocale } from '@/lib/i18n';
import { t } from './messages';

/** `daybook-export-2025-05-06.json`, dated by the device's calendar day. */
export function exportFileName(localDate: string): string {
  return `daybook-export-${localDate}.json`;
}

export function exportedSummary(counts: { lists: number; tasks: number }): string {
  return t('settings.exported', counts);
}

/** "Imported 1 list and 2 tasks (3 given new ids)." — new ids where the file's were taken (SPEC §15). */
export function importedSummary(report: ImportReport): string {
  const { lists, tasks } = report.imported;
  if (lists === 0 && tasks === 0) return t('settings.importedNothing');
  return report.renamed > 0 ? t('settings.importedRenamed', { lists, tasks, renamed: report.renamed }) : t('settings.imported', { lists, tasks });
}

export function skippedSummary(report: ImportReport): string | null {
  const n = report.skipped.length;
  return n === 0 ? null : t('settings.skipped', { count: n });
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
    const number = String(index + 1);
    return label ? t('settings.skippedLineNamed', { kind, number, name: label, reason }) : t('settings.skippedLine', { kind, number, reason });
  });
}

const UNITS = ['settings.kilobytes', 'settings.megabytes', 'settings.gigabytes', 'settings.terabytes'] as const;

/** "1.2 MB" — binary units, one decimal below 10, the number written as the language writes it. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit >= 0 && value < 10 ? 1 : 0;
  const size = new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
  const key = UNITS[unit];
  return key ? t(key, { size }) : t('settings.bytes', { count: Math.round(value), size });
}
