// "Filters" on the Lists screen (SPEC §14.2): the person's saved filters, each a link to its
// screen, and "New filter".
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useFilters } from '@/data/filters';
import { NewFilterDialog } from './new-filter-dialog';
import { t } from './messages';
import './filters.css';

export function FiltersSection() {
  const id = useId();
  const all = useFilters();
  return (
    <section className="filters-section" aria-labelledby={`${id}-h`}>
      <div className="filters-section-header">
        <h2 id={`${id}-h`} className="filters-section-title">
          {t('filters.title')}
        </h2>
        <NewFilterDialog />
      </div>
      {all && all.length === 0 && <p className="filter-empty">{t('filters.none')}</p>}
      {all && all.length > 0 && (
        <ul className="filters-rows" aria-label={t('filters.all')}>
          {all.map((f) => (
            <li key={f.id}>
              <Link to="/filters/$filterId" params={{ filterId: f.id }}>
                {f.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
