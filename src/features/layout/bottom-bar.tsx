import { Link } from '@tanstack/react-router';
import { InvitationCount, invitationCountText, useInvitationCount } from './invitation-count';
import { NAV_ITEMS, navTo } from './nav-items';
import { SyncIndicatorSlot } from './sync-indicator-slot';

const TABS = NAV_ITEMS.filter((item) => item.name !== 'Settings');
const SETTINGS = NAV_ITEMS.find((item) => item.name === 'Settings');

/** Narrow screens, top: the sync indicator (always visible) and Settings. */
export function TopBar() {
  return (
    <header className="topbar">
      <span className="topbar-brand" aria-hidden="true">
        Daybook
      </span>
      <div className="topbar-actions">
        <SyncIndicatorSlot />
        {SETTINGS && (
          <Link to={navTo(SETTINGS)} className="icon-btn" aria-label={SETTINGS.name}>
            {SETTINGS.icon}
          </Link>
        )}
      </div>
    </header>
  );
}

/** Narrow screens, bottom: five tabs within thumb reach. */
export function BottomBar() {
  const invitations = useInvitationCount();
  return (
    <nav aria-label="Main" className="bottombar">
      <ul>
        {TABS.map((item) => (
          <li key={item.to}>
            <Link
              to={navTo(item)}
              className="bottombar-link"
              aria-description={item.name === 'Lists' && invitations ? invitationCountText(invitations) : undefined}
            >
              {item.icon}
              <span>{item.name}</span>
              {item.name === 'Lists' && <InvitationCount count={invitations} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
