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
 * count sits right after it) draws the icon alone; the name still carries the count. `label`:
 * its name in the reader's language, from the catalogue of the screen that shows it.
 */
export function SharedMarker({ members, compact = false, label }: { members: number; compact?: boolean; label?: string }) {
  if (members < 2) return null;
  const name = label ?? sharedLabel(members);
  return (
    <span className="shared-marker" role="img" aria-label={name} title={name}>
      <PeopleIcon size={15} />
      {!compact && <span aria-hidden="true">{members}</span>}
    </span>
  );
}
