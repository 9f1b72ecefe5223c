// Notifications (SPEC §17): the person's notifications, newest first, each with who acted (their
// avatar and name), what happened, the task (opening it marks it read) and when. "Mark all as
// read" is one change that follows the person to every device.
import { reportWriteError } from '@/connected/write-error';
import { TaskLink } from '@/ui/task-link';
import { notifications as notificationWrites } from '@/data';
import { useAllMembers, useNotifications, useUnreadNotificationCount } from '@/data/react';
import { defaultPersonColor } from '@/domain/people';
import type { AppNotification, Member } from '@/domain/model';
import { absoluteTime, relativeTime } from '@/lib/relative-time';
import { Avatar } from '@/ui/avatar';
import { EmptyState } from '@/ui/empty-state';
import { Screen } from '@/ui/screen';
import { t } from './messages';
import { notificationParts } from './notification-text';
import { PushOffer } from './push-offer';
import './notifications.css';

function actorOf(n: AppNotification, members: readonly Member[] | undefined) {
  const member = n.actor_id ? members?.find((m) => m.user_id === n.actor_id && m.display_name) : undefined;
  const name = member?.display_name || n.payload.actor_name || t('notifications.someone');
  return { name, color: member?.color ?? (n.actor_id ? defaultPersonColor(n.actor_id) : 'grey') };
}

function markRead(n: AppNotification) {
  if (n.read_at === null) notificationWrites.read([n.id]).catch((err) => reportWriteError(err, { unexpected: t('notifications.couldntMarkOne') }));
}

function Item({ n, members, now }: { n: AppNotification; members: readonly Member[] | undefined; now: number }) {
  const actor = actorOf(n, members);
  const { verb, subject } = notificationParts(n);
  const unread = n.read_at === null;
  return (
    <li className={unread ? 'notification is-unread' : 'notification'} onClickCapture={() => markRead(n)}>
      <Avatar name={actor.name} color={actor.color} size="sm" />
      <p className="notification-text">
        <span className="notification-actor">{actor.name}</span> {verb}{' '}
        {n.task_id ? (
          <TaskLink taskId={n.task_id} className="notification-subject">
            {subject}
          </TaskLink>
        ) : (
          <span className="notification-subject">{subject}</span>
        )}
        {unread && <span className="visually-hidden"> {t('notifications.unreadMark')}</span>}
      </p>
      <time className="notification-time" dateTime={n.at} title={absoluteTime(n.at)}>
        {relativeTime(n.at, now)}
      </time>
    </li>
  );
}

export function NotificationsScreen() {
  const list = useNotifications();
  const unread = useUnreadNotificationCount() ?? 0;
  const members = useAllMembers();
  const now = Date.now();
  const markAll = () => notificationWrites.readAll().catch((err) => reportWriteError(err, { unexpected: t('notifications.couldntMarkAll') }));
  return (
    <Screen
      title={t('notifications.title')}
      subtitle={unread ? t('notifications.unread', { count: unread }) : undefined}
      actions={
        <button type="button" className="btn btn-ghost btn-sm" onClick={markAll} disabled={unread === 0}>
          {t('notifications.markAll')}
        </button>
      }
    >
      <PushOffer />
      {list && list.length > 0 && (
        <ul className="notification-list" aria-label={t('notifications.title')}>
          {list.map((n) => (
            <Item key={n.id} n={n} members={members} now={now} />
          ))}
        </ul>
      )}
      {list && list.length === 0 && <EmptyState title={t('notifications.none')}>{t('notifications.noneText')}</EmptyState>}
    </Screen>
  );
}
