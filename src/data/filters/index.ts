// Saved filters (SPEC §14.2) for their screens and form: loaded with them, not with the first
// screen (the sidebar's list of filters is in '@/data/react').
export { filters } from '../write/filters';
export { useFilter, useFilterTasks } from './hooks';
export { filterTasks, runFilter } from './queries';
