// Everything on this device as one JSON file (SPEC §15), downloaded: Settings → Backup's "Export
// data" and the account deletion's "Export first".
import { exportData } from '@/data/backup';
import { todayIso } from '@/lib/dates';
import { exportedSummary, exportFileName } from './backup-report';

function download(json: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the export; answers what it held, in words. */
export async function exportToFile(): Promise<string> {
  const data = await exportData();
  download(JSON.stringify(data, null, 2), exportFileName(todayIso()));
  return exportedSummary({ lists: data.lists.length, tasks: data.tasks.length });
}
