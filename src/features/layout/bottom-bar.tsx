import { Link } from '@tanstack/react-router';
import { NotificationsLink } from '@/connected/notifications-link';
import { InvitationCount, invitationCountText, useInvitationCount } from './invitation-count';
import { t } from './messages';
import { NAV_ITEMS, navLabel, navTo, TAB_NAMES } from './nav-items';
import { SyncIndicatorSlot } from './sync-indicator-slot';

const TABS = NAV_ITEMS.filter((item) => TAB_NAMES.includes(item.name));
const byName = (name: string) => NAV_ITEMS.find((item) => item.name === name)!;
/** A product name, the same in every language. */
const BRAND = 'Daybook';

/**
 * Narrow screens, top: Search, Notifications (a bell with the unread count on it), the sync
 * indicator (a link to the sync centre, its name saying the state) and Settings.
 */
export function TopBar() {
  const search = byName('Search');
  const settings = byName('Settings');
  return (
    <header className="topbar">
      <span className="topbar-brand" aria-hidden="true">
        {BRAND}
      </span>
      <div className="topbar-actions">
        <Link to={navTo(search)} className="icon-btn" aria-label={navLabel(search)}>
          {search.icon}
        </Link>
        <NotificationsLink className="icon-btn" compact />
        <Link to="/sync" className="topbar-sync" aria-label={t('layout.nav.sync')}>
          <SyncIndicatorSlot drawn />
        </Link>
        <Link to={navTo(settings)} className="icon-btn" aria-label={navLabel(settings)}>
          {settings.icon}
        </Link>
      </div>
    </header>
  );
}

/** Narrow screens, bottom: four tabs within thumb reach; a badge sits on its tab's icon. */
export function BottomBar() {
  const invitations = useInvitationCount();
  return (
    <nav aria-label={t('layout.nav.main')} className="bottombar">
      <ul>
        {TABS.map((item) => (
          <li key={item.to}>
            <Link
              to={navTo(item)}
              className="bottombar-link"
              aria-description={item.name === 'Lists' && invitations ? invitationCountText(invitations) : undefined}
            >
              <span className="bottombar-icon">
                {item.icon}
                {item.name === 'Lists' && <InvitationCount count={invitations} />}
              </span>
              <span>{navLabel(item)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
