// Marks a list that more than one person uses: an icon and the member count, named for
// assistive technology ("Shared, 3 members") since the picture alone says nothing to it.
import { PeopleIcon } from './icons';
import { t } from './messages';
import './shared-marker.css';

export function sharedLabel(members: number): string {
  return t('ui.shared', { count: members });
}

/**
 * Renders nothing for a list only this user is on. `compact` (the sidebar, where the open-task
 * count sits right after it) draws the icon alone; the name still carries the count.
 */
export function SharedMarker({ members, compact = false }: { members: number; compact?: boolean }) {
  if (members < 2) return null;
  return (
    <span className="shared-marker" role="img" aria-label={sharedLabel(members)} title={sharedLabel(members)}>
      <PeopleIcon size={15} />
      {!compact && <span aria-hidden="true">{members}</span>}
    </span>
  );
}
