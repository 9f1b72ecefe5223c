// A shared list's "Notifications" choice (SPEC §17): All, Only mine (assignments and mentions)
// or Off, the person's own for this list, queued as list.notify so every device of theirs and
// the server follow it.
import { reportWriteError } from '@/connected/write-error';
import { notifications as notificationWrites } from '@/data';
import { useListSharing, useNotifyLevels } from '@/data/react';
import type { NotifyLevel } from '@/domain/model';
import { t } from './messages';

const LABELS = { all: 'notifications.all', mine: 'notifications.mine', off: 'notifications.off' } as const satisfies Record<NotifyLevel, string>;

export function ListNotify({ listId }: { listId: string }) {
  const sharing = useListSharing();
  const levels = useNotifyLevels();
  if ((sharing?.[listId]?.members ?? 0) < 2 || !levels) return null;
  const level = levels[listId] ?? 'all';
  return (
    <select
        className="input list-notify"
        aria-label={t('notifications.title')}
        value={level}
        onChange={(e) =>
          notificationWrites.setLevel(listId, e.target.value as NotifyLevel).catch((err) => reportWriteError(err, { unexpected: t('notifications.couldntChange') }))
        }
      >
        {(Object.keys(LABELS) as NotifyLevel[]).map((l) => (
          <option key={l} value={l}>
            {t(LABELS[l])}
          </option>
        ))}
      </select>
  );
}
