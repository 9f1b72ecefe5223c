// What a notification says (SPEC §17), from its kind and the names it carries. Pure.
import type { AppNotification } from '@/domain/model';
import { t } from './messages';

export interface NotificationParts {
  /** The words after the actor's name and before the subject. */
  verb: string;
  /** The task's title then, or the list's name; the link's text when there is a task. */
  subject: string;
}

export function notificationParts(n: AppNotification): NotificationParts {
  const title = n.payload.title ?? t('notifications.aTask');
  const list = n.payload.list_name ?? t('notifications.aList');
  switch (n.kind) {
    case 'assigned':
      return { verb: t('notifications.assigned'), subject: title };
    case 'task_changed':
      return { verb: t('notifications.changed'), subject: title };
    case 'task_completed':
      return { verb: t('notifications.completed'), subject: title };
    case 'comment':
      return { verb: t('notifications.commented'), subject: title };
    case 'mention':
      return { verb: t('notifications.mentioned'), subject: title };
    case 'invited':
      return { verb: t('notifications.invited'), subject: list };
    case 'joined':
      return { verb: t('notifications.joined'), subject: list };
  }
}
