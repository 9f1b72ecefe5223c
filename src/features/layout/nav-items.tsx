// The destinations of SPEC §10 and §18 ("Week"), in order. Names are a contract with tests and
// assistive tech. Phones show the first four as tabs (TABS) and the rest in the header.
import type { ReactNode } from 'react';
import { CalendarIcon, ListIcon, SearchIcon, SettingsIcon, SunIcon, SyncIcon, WeekIcon } from '@/ui/icons';

export interface NavItem {
  name: 'Today' | 'Upcoming' | 'Week' | 'Lists' | 'Search' | 'Sync' | 'Settings';
  to: '/today' | '/upcoming' | '/week' | '/lists' | '/search' | '/sync' | '/settings';
  icon: ReactNode;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { name: 'Today', to: '/today', icon: <SunIcon /> },
  { name: 'Upcoming', to: '/upcoming', icon: <CalendarIcon /> },
  { name: 'Week', to: '/week', icon: <WeekIcon /> },
  { name: 'Lists', to: '/lists', icon: <ListIcon /> },
  { name: 'Search', to: '/search', icon: <SearchIcon /> },
  { name: 'Sync', to: '/sync', icon: <SyncIcon /> },
  { name: 'Settings', to: '/settings', icon: <SettingsIcon /> },
];


/** The phone's bottom bar (SPEC §18 "Phone"): Search, Sync and Settings sit in its header. */
export const TAB_NAMES: readonly NavItem['name'][] = ['Today', 'Upcoming', 'Week', 'Lists'];

/**
 * The destination as a router path. Some destinations are built by other features and may not
 * be in the route tree yet; the cast keeps the shell compiling meanwhile.
 */
export const navTo = (item: NavItem) => item.to as '/today';
