// Saved filters (SPEC §14.2) for their screens and form: loaded with them, not with the first
// screen (the sidebar loads './list' on its own, after the first paint).
export { filters } from '../write/filters';
export { useFilter, useFilterTasks } from './hooks';
export { filterTasks, runFilter } from './queries';
export { listFilters, useFilters } from './list';
