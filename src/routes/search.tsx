import { createFileRoute } from '@tanstack/react-router';
import { SearchScreen } from '@/features/search/search-screen';

interface SearchParams {
  q?: string;
}

export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): SearchParams =>
    typeof search.q === 'string' && search.q !== '' ? { q: search.q } : {},
  component: SearchRoute,
});

function SearchRoute() {
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchScreen
      query={q}
      onQueryChange={(value) => navigate({ search: value ? { q: value } : {}, replace: true })}
    />
  );
}
