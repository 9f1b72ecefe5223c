// "Notifications" in the navigation (SPEC §17), its unread count drawn beside it and part of the
// link's accessible name ("Notifications, 3 unread"). The count reads index keys only.
import { Link } from '@tanstack/react-router';
import { useUnreadNotificationCount } from '@/data/react';
import { formatCount } from '@/ui/format';
import { BellIcon } from '@/ui/icons';

export function NotificationsLink({ className }: { className: string }) {
  const unread = useUnreadNotificationCount() ?? 0;
  return (
    <Link to="/notifications" className={className}>
      <BellIcon />
      <span>Notifications</span>
      {unread > 0 && (
        <span className="nav-count">
          <span className="visually-hidden">, </span>
          {formatCount(unread)}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </Link>
  );
}
