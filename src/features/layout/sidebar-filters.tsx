// The sidebar's saved filters (SPEC §14.2), each a link to its screen; loaded by the sidebar after
// the first paint (React.lazy), so the first screen carries none of it.
import { Link } from '@tanstack/react-router';
import { useFilters } from '@/data/filters/list';
import { t } from './messages';

export default function SidebarFilters() {
  const filters = useFilters();
  if (!filters?.length) return null;
  return (
    <nav aria-label={t('layout.filters')} className="sidebar-lists">
      <h2 className="sidebar-heading">{t('layout.filters')}</h2>
      <ul>
        {filters.map((f) => (
          <li key={f.id}>
            <Link to="/filters/$filterId" params={{ filterId: f.id }} className="sidebar-link">
              <span className="sidebar-list-name">{f.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
