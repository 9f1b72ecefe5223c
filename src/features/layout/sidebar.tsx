import { Link } from '@tanstack/react-router';
import { type CSSProperties, lazy, Suspense } from 'react';
import { formatCount } from '@/ui/format';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { PeopleIcon } from '@/ui/icons';
import { SharedMarker } from '@/ui/shared-marker';
import { useListSharing, useLists, useOpenTaskCounts } from '@/data/react';
import { InvitationCount, invitationCountText, useInvitationCount } from './invitation-count';
import { t } from './messages';
import { NAV_ITEMS, navLabel, navTo } from './nav-items';
import { SyncIndicatorSlot } from './sync-indicator-slot';
import { NotificationsLink } from '@/connected/notifications-link';

// The saved filters' names load after the first paint: the first screen needs none of their code.
const SidebarFilters = lazy(() => import('./sidebar-filters'));
/** A product name, the same in every language. */
const BRAND = 'Daybook';

/**
 * Wide screens: every destination, the user's lists with open counts (shared ones marked with
 * their member count), their saved filters, and the sync indicator.
 */
export function Sidebar() {
  useFormatAnswers();
  const lists = useLists();
  const counts = useOpenTaskCounts();
  const sharing = useListSharing();
  const invitations = useInvitationCount();
  return (
    <aside className="sidebar">
      <div className="sidebar-brand">{BRAND}</div>
      <nav aria-label={t('layout.nav.main')} className="sidebar-nav">
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <Link
                to={navTo(item)}
                className="sidebar-link"
                aria-description={item.name === 'Lists' && invitations ? invitationCountText(invitations) : undefined}
              >
                {item.icon}
                <span>{navLabel(item)}</span>
                {item.name === 'Lists' && <InvitationCount count={invitations} />}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/assigned" className="sidebar-link">
              <PeopleIcon />
              <span>{t('layout.nav.assigned')}</span>
            </Link>
          </li>
          <li>
            <NotificationsLink className="sidebar-link" />
          </li>
        </ul>
      </nav>
      <nav aria-label={t('layout.yourLists')} className="sidebar-lists">
        <h2 className="sidebar-heading" id="sidebar-lists-heading">
          {t('layout.yourLists')}
        </h2>
        <ul aria-labelledby="sidebar-lists-heading">
          {lists?.map((list) => {
            const open = counts?.[list.id] ?? 0;
            const members = sharing?.[list.id]?.members ?? 0;
            return (
              <li key={list.id}>
                <Link
                  to="/lists/$listId"
                  params={{ listId: list.id }}
                  className="sidebar-link sidebar-list-link"
                  style={{ '--accent': `var(--list-${list.color})` } as CSSProperties}
                >
                  <span className="list-dot" aria-hidden="true" />
                  <span className="sidebar-list-name">{list.name}</span>{' '}
                  <SharedMarker members={members} label={t('layout.shared', { count: members })} compact />{' '}
                  {open > 0 && (
                    <span className="sidebar-count">
                      {formatCount(open)}{' '}
                      <span className="visually-hidden">{t('layout.openCount')}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Suspense fallback={null}>
        <SidebarFilters />
      </Suspense>
      <div className="sidebar-footer">
        <SyncIndicatorSlot />
      </div>
    </aside>
  );
}
