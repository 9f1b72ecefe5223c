// The destinations of SPEC §10 and §18 ("Week"), in order. Names are a contract with tests and
// assistive tech: `name` is the English one code refers to, and what is shown is its catalogue
// entry (the same words in English). Phones show the first four as tabs (TABS), the rest in the header.
import type { ReactNode } from 'react';
import { CalendarIcon, ListIcon, SearchIcon, SettingsIcon, SunIcon, SyncIcon, WeekIcon } from '@/ui/icons';
import { type LayoutKey, t } from './messages';

export interface NavItem {
  name: 'Today' | 'Upcoming' | 'Week' | 'Lists' | 'Search' | 'Sync' | 'Settings';
  to: '/today' | '/upcoming' | '/week' | '/lists' | '/search' | '/sync' | '/settings';
  icon: ReactNode;
  label: LayoutKey;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { name: 'Today', to: '/today', icon: <SunIcon />, label: 'layout.nav.today' },
  { name: 'Upcoming', to: '/upcoming', icon: <CalendarIcon />, label: 'layout.nav.upcoming' },
  { name: 'Week', to: '/week', icon: <WeekIcon />, label: 'layout.nav.week' },
  { name: 'Lists', to: '/lists', icon: <ListIcon />, label: 'layout.nav.lists' },
  { name: 'Search', to: '/search', icon: <SearchIcon />, label: 'layout.nav.search' },
  { name: 'Sync', to: '/sync', icon: <SyncIcon />, label: 'layout.nav.sync' },
  { name: 'Settings', to: '/settings', icon: <SettingsIcon />, label: 'layout.nav.settings' },
];

/** The destination's name in the current language. */
export const navLabel = (item: NavItem) => t(item.label);

/** The phone's bottom bar (SPEC §18 "Phone"): Search, Sync and Settings sit in its header. */
export const TAB_NAMES: readonly NavItem['name'][] = ['Today', 'Upcoming', 'Week', 'Lists'];

/**
 * The destination as a router path. Some destinations are built by other features and may not
 * be in the route tree yet; the cast keeps the shell compiling meanwhile.
 */
export const navTo = (item: NavItem) => item.to as '/today';
