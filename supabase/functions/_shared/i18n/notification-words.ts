// What a notification push says (SPEC §17) in the recipient's language: the notifications
// screen's sentence ("Ana commented on Buy milk"), and for several arriving together the first
// one's with "and 2 more". Pure: whichever sender pushes notifications (at most one per person and
// device a minute) calls it with the rows it bundles.
import { type MessageKey, serverText } from './catalogue.ts';

export type NotificationKind = 'assigned' | 'task_changed' | 'task_completed' | 'comment' | 'mention' | 'invited' | 'joined';

export interface NotificationWords {
  kind: NotificationKind;
  /** The actor's name then (the notification's payload); none: "Someone". */
  actor?: string | null;
  /** The task's title then. */
  title?: string | null;
  /** The list's name then (invited, joined). */
  listName?: string | null;
}

const KEYS: Record<NotificationKind, MessageKey> = {
  assigned: 'notify.assigned',
  task_changed: 'notify.taskChanged',
  task_completed: 'notify.taskCompleted',
  comment: 'notify.comment',
  mention: 'notify.mention',
  invited: 'notify.invited',
  joined: 'notify.joined',
};

/** The first notification's sentence, with "and N more" when `others` more come in the same push. */
export function notificationPushText(first: NotificationWords, others: number, language: string | null | undefined): string {
  const w = serverText(language);
  const text = w.t(KEYS[first.kind], {
    actor: first.actor || w.t('notify.someone'),
    task: first.title || w.t('notify.aTask'),
    list: first.listName || w.t('notify.aList'),
  });
  return others > 0 ? w.t('notify.andMore', { text, count: others }) : text;
}
