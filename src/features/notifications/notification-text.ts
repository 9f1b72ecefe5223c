// What a notification says (SPEC §17), from its kind and the names it carries. Pure.
import type { AppNotification } from '@/domain/model';

export interface NotificationParts {
  /** The words after the actor's name and before the subject. */
  verb: string;
  /** The task's title then, or the list's name; the link's text when there is a task. */
  subject: string;
}

export function notificationParts(n: AppNotification): NotificationParts {
  const title = n.payload.title ?? 'a task';
  const list = n.payload.list_name ?? 'a list';
  switch (n.kind) {
    case 'assigned':
      return { verb: 'assigned you', subject: title };
    case 'task_changed':
      return { verb: 'changed', subject: title };
    case 'task_completed':
      return { verb: 'completed', subject: title };
    case 'comment':
      return { verb: 'commented on', subject: title };
    case 'mention':
      return { verb: 'mentioned you on', subject: title };
    case 'invited':
      return { verb: 'invited you to', subject: list };
    case 'joined':
      return { verb: 'joined', subject: list };
  }
}
