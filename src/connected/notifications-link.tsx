// "Notifications" in the navigation (SPEC §17), its unread count drawn beside it and part of the
// link's accessible name ("Notifications, 3 unread"). The count reads index keys only.
import { Link } from '@tanstack/react-router';
import { useUnreadNotificationCount } from '@/data/react';
import { formatCount } from '@/ui/format';
import { BellIcon } from '@/ui/icons';
import { t } from './messages';

/** `compact`: the bell alone with its count on it (the phone's header); the name stays whole. */
export function NotificationsLink({ className, compact = false }: { className: string; compact?: boolean }) {
  const unread = useUnreadNotificationCount() ?? 0;
  const count = unread > 0 && (
    <span className="nav-count">
      <span aria-hidden="true">{formatCount(unread)}</span>
      <span className="visually-hidden">, {t('connected.unread', { count: formatCount(unread) })}</span>
    </span>
  );
  if (compact) {
    return (
      <Link to="/notifications" className={className}>
        <span className="visually-hidden">{t('connected.notifications')}</span>
        <span className="bottombar-icon">
          <BellIcon />
          {count}
        </span>
      </Link>
    );
  }
  return (
    <Link to="/notifications" className={className}>
      <BellIcon />
      <span>{t('connected.notifications')}</span>
      {count}
    </Link>
  );
}
