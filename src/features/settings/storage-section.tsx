// Settings → Storage: whether the browser may evict Daybook's data, a way to ask it not to,
// and how much space is used. Without the Storage API the section says so.
import { useEffect, useState } from 'react';
import { formatBytes } from './backup-report';
import { t } from './messages';
import { SettingsSection } from './settings-section';

type Persistence = 'loading' | 'unsupported' | 'persisted' | 'best-effort';

function storageManager(): StorageManager | null {
  return typeof navigator !== 'undefined' && navigator.storage && typeof navigator.storage.persisted === 'function'
    ? navigator.storage
    : null;
}

export function StorageSection() {
  const [persistence, setPersistence] = useState<Persistence>('loading');
  const [result, setResult] = useState<string | null>(null);
  const [usage, setUsage] = useState<{ usage: number; quota: number } | null>(null);

  useEffect(() => {
    const storage = storageManager();
    if (!storage) {
      setPersistence('unsupported');
      return;
    }
    let live = true;
    storage
      .persisted()
      .then((p) => live && setPersistence(p ? 'persisted' : 'best-effort'))
      .catch(() => live && setPersistence('unsupported'));
    storage
      .estimate?.()
      .then((e) => live && setUsage({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  async function keep() {
    const storage = storageManager();
    if (!storage) return;
    try {
      const granted = await storage.persist();
      setPersistence(granted ? 'persisted' : 'best-effort');
      setResult(granted ? t('settings.persistGranted') : t('settings.persistDeclined'));
    } catch {
      setResult(t('settings.persistFailed'));
    }
  }

  return (
    <SettingsSection title={t('settings.storage')}>
      <p className="settings-text">{persistenceText(persistence)}</p>
      {persistence === 'best-effort' && (
        <div>
          <button type="button" className="btn" onClick={keep}>
            {t('settings.keepData')}
          </button>
        </div>
      )}
      <p role="status" className={result ? 'settings-text' : 'visually-hidden'}>
        {result}
      </p>
      {usage && usage.quota > 0 && (
        <p className="settings-text settings-muted">
          {t('settings.usage', { used: formatBytes(usage.usage), quota: formatBytes(usage.quota) })}
        </p>
      )}
    </SettingsSection>
  );
}

function persistenceText(p: Persistence): string {
  switch (p) {
    case 'loading':
      return t('settings.storageChecking');
    case 'unsupported':
      return t('settings.storageUnsupported');
    case 'persisted':
      return t('settings.storagePersisted');
    case 'best-effort':
      return t('settings.storageBestEffort');
  }
}
