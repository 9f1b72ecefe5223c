// notification.read, notification.read_all and list.notify as pure applies (SPEC §17), as the
// server does them (supabase/schemas/apply_notification.sql). Read marks touch only the person's
// own rows and pass over ids they do not hold or have read: marking is true whatever came first.
import type { AppNotification, NotifyLevel } from '@/domain/model';
import { LIST_MISSING, refuse } from './checks';
import type { MutationDef } from './types';

const LEVELS: readonly NotifyLevel[] = ['all', 'mine', 'off'];
const MAX_IDS = 1000;

/**
 * A time in microseconds, as the server compares them: its `at` carries microseconds and
 * Date.parse stops at milliseconds, which would mark one made a fraction of a millisecond after
 * `before` here and not there (the row would then stay apart, no new version coming back).
 */
export function micros(at: string): number {
  const ms = Date.parse(at);
  const fraction = /\.(\d+)/.exec(at)?.[1] ?? '';
  return Math.floor(ms / 1000) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/**
 * The newest of the server's times `ats` as it was written (microseconds kept), or null when there
 * is none: "Mark all as read" marks up to what the person could see, not up to the device's clock.
 */
export function newestAt(ats: Iterable<string>): string | null {
  let newest: string | null = null;
  let top = Number.NEGATIVE_INFINITY;
  for (const at of ats) {
    const m = micros(at);
    if (m > top) [newest, top] = [at, m];
  }
  return newest;
}

function readAll(rows: Iterable<AppNotification>, now: string): AppNotification[] {
  return [...rows].filter((n) => n.read_at === null).map((n) => ({ ...n, read_at: now }));
}

export const notificationRead: MutationDef<'notification.read'> = {
  reads: (args) => ({ notifications: Array.isArray(args?.ids) ? args.ids.filter((id): id is string => typeof id === 'string') : [] }),
  apply(rows, args, { now }) {
    if (!Array.isArray(args?.ids) || args.ids.length > MAX_IDS) refuse('invalid', 'ids must be a list of at most 1,000 notification ids', 'ids');
    const ids = new Set(args.ids);
    const marked = readAll([...(rows.notifications?.values() ?? [])].filter((n) => ids.has(n.id)), now);
    return marked.length ? { notifications: marked } : {};
  },
};

export const notificationReadAll: MutationDef<'notification.read_all'> = {
  reads: () => ({ unreadNotifications: true }),
  apply(rows, args, { now }) {
    const before = typeof args?.before === 'string' ? micros(args.before) : Number.NaN;
    if (Number.isNaN(before)) refuse('invalid', 'before must be a time', 'before');
    const marked = readAll([...(rows.notifications?.values() ?? [])].filter((n) => micros(n.at) <= before), now);
    return marked.length ? { notifications: marked } : {};
  },
};

export const listNotify: MutationDef<'list.notify'> = {
  reads: (args) => ({ lists: typeof args?.list_id === 'string' ? [args.list_id] : [] }),
  apply(rows, args) {
    if (typeof args?.list_id !== 'string' || !rows.lists.has(args.list_id)) refuse('not_found', LIST_MISSING, 'list_id');
    if (!LEVELS.includes(args.level)) refuse('invalid', 'Notifications must be All, Only mine or Off', 'level');
    return { notifyLevels: [{ list_id: args.list_id, level: args.level }] };
  },
};
