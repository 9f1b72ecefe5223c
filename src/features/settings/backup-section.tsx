// Settings → Backup: export everything as JSON, import a file with a per-record report.
import { type ChangeEvent, useId, useState } from 'react';
import { showErrorToast } from '@/ui/toasts';
import { refusalMessage } from '@/connected/write-error';
import { StorageFullError } from '@/data';
import { type IdCheck, type ImportReport, importData } from '@/data/backup';
import { loadSync } from '@/sync-status/load-sync';
import { useAccount } from '@/sync-status/use-sync-status';
import { importedSummary, skippedLines, skippedSummary } from './backup-report';
import { exportToFile } from './export-file';
import { t } from './messages';
import { SettingsSection } from './settings-section';

type ImportState =
  | { kind: 'idle' }
  | { kind: 'busy'; fileName: string }
  | { kind: 'failed'; fileName: string; message: string }
  | { kind: 'done'; fileName: string; report: ImportReport; file: unknown };

/**
 * Signed in: this device catches up first (so what is already the account's is found here, not
 * imported twice), then the server says which of the file's ids are taken. Signed out, or when
 * the sync can't load, undefined: every imported record gets a new id (SPEC §15).
 */
async function accountIdCheck(signedOut: boolean): Promise<IdCheck | undefined> {
  if (signedOut) return undefined;
  const sync = await loadSync().catch(() => null);
  if (!sync) return undefined;
  await sync.syncNow().catch((err: unknown) => console.warn('Sync before import failed', err));
  return (ids) => sync.idsInUse(ids);
}

export function BackupSection() {
  const id = useId();
  const signedOut = useAccount().state === 'local';
  const [exported, setExported] = useState<string | null>(null);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  async function exportNow() {
    try {
      setExported(await exportToFile());
    } catch (err) {
      console.error(err);
      showErrorToast(t('settings.exportFailed'));
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = input.files?.[0];
    // Cleared so that picking the same file again (after fixing it) imports again.
    input.value = '';
    if (!picked) return;
    const fileName = picked.name;
    setState({ kind: 'busy', fileName });
    let file: unknown;
    try {
      file = JSON.parse(await picked.text());
    } catch {
      setState({ kind: 'failed', fileName, message: t('settings.notJson') });
      return;
    }
    try {
      const report = await importData(file, undefined, { idCheck: await accountIdCheck(signedOut) });
      setState({ kind: 'done', fileName, report, file });
    } catch (err) {
      // Said under the file's name either way; a full disk also as the toast it gets everywhere.
      const message = refusalMessage(err);
      if (message === null) console.error(err);
      else if (err instanceof StorageFullError) showErrorToast(message);
      setState({ kind: 'failed', fileName, message: message ?? t('settings.importFailed') });
    }
  }

  return (
    <SettingsSection title={t('settings.backup')}>
      <p className="settings-text settings-muted">{t('settings.backupIntro')}</p>
      <div className="settings-buttons">
        <button type="button" className="btn" onClick={exportNow}>
          {t('settings.exportData')}
        </button>
        <input
          id={`${id}-import`}
          type="file"
          accept=".json,application/json"
          className="visually-hidden settings-file-input"
          onChange={onFile}
          aria-describedby={state.kind === 'failed' ? `${id}-import-error` : undefined}
        />
        <label htmlFor={`${id}-import`} className="btn">
          {t('settings.importData')}
        </label>
      </div>
      <p role="status" className={exported ? 'settings-text settings-muted' : 'visually-hidden'}>
        {exported}
      </p>
      {state.kind === 'busy' && <p className="settings-text">{t('settings.importing', { file: state.fileName })}</p>}
      {state.kind === 'failed' && (
        <p id={`${id}-import-error`} role="alert" className="field-error">
          {t('settings.fileSays', { file: state.fileName, text: state.message })}
        </p>
      )}
      {state.kind === 'done' && <ImportReportView fileName={state.fileName} report={state.report} file={state.file} />}
    </SettingsSection>
  );
}

function ImportReportView({ fileName, report, file }: { fileName: string; report: ImportReport; file: unknown }) {
  const id = useId();
  const skipped = skippedSummary(report);
  return (
    <section className="settings-report" aria-labelledby={id}>
      <h3 id={id} className="settings-report-title">
        {t('settings.importReport')}
      </h3>
      <p role="status" className="settings-text">
        {t('settings.fileSays', { file: fileName, text: importedSummary(report) })}
      </p>
      {skipped && (
        <>
          <p className="settings-text">{skipped}</p>
          <ul className="settings-report-list" aria-label={t('settings.skippedRecords')}>
            {skippedLines(report, file).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the report is fixed once shown
              <li key={i}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
