// "Notifications" in the navigation (SPEC §17), its unread count drawn beside it and part of the
// link's accessible name ("Notifications, 3 unread"). The count reads index keys only.
import { Link } from '@tanstack/react-router';
import { useUnreadNotificationCount } from '@/data/react';
import { formatCount } from '@/ui/format';
import { BellIcon } from '@/ui/icons';
import { t } from './messages';

export function NotificationsLink({ className }: { className: string }) {
  const unread = useUnreadNotificationCount() ?? 0;
  return (
    <Link to="/notifications" className={className}>
      <BellIcon />
      <span>{t('connected.notifications')}</span>
      {unread > 0 && (
        <span className="nav-count">
          <span aria-hidden="true">{formatCount(unread)}</span>
          <span className="visually-hidden">, {t('connected.unread', { count: formatCount(unread) })}</span>
        </span>
      )}
    </Link>
  );
}
