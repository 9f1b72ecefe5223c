// The shared vocabulary of client and server: entities, mutation names and their args.
// These mirror the API contract in ../shared/ARCHITECTURE.md; change both together.
import type { Profile, ProfilePatch } from './people';

export const LIST_COLORS = ['grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'] as const;
export type ListColor = (typeof LIST_COLORS)[number];

export const ROLES = ['owner', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export type Priority = 0 | 1 | 2 | 3;

/** ISO timestamps (server time once synced); `version` is the server's per-list commit order, 0 until synced. */
export interface List {
  id: string;
  owner_id: string;
  name: string;
  color: ListColor;
  position: string;
  is_inbox: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

export interface Member {
  list_id: string;
  user_id: string;
  email: string;
  role: Role;
  /** The name the others see (SPEC §16); rows pulled before names carry none (then: the e-mail's local part). */
  display_name?: string;
  /** The avatar colour; rows pulled before names carry none (then: one fixed by the user id). */
  color?: ListColor;
}

/**
 * An invitation this person can see (SPEC §13.1): `incoming` ones are addressed to them (with
 * the list's name and colour and who invited, since nothing else of the list reaches them before
 * they accept); the others are on lists they own, pending or declined.
 */
export interface Invitation {
  id: string;
  list_id: string;
  email: string;
  role: Exclude<Role, 'owner'>;
  status: 'pending' | 'declined';
  incoming: boolean;
  list_name?: string;
  list_color?: ListColor;
  /** The inviter's display name (incoming only; SPEC §16). */
  invited_by?: string;
  /** The inviter's avatar colour (incoming only; servers before names send none). */
  invited_by_color?: ListColor;
  expires_at: string;
}

/**
 * A live share link (SPEC §13.1) of a list the person owns: the server keeps only its token's
 * hash, so the link itself (`/join/<token>`) is known only on the device that made it.
 */
export interface ShareLink {
  id: string;
  list_id: string;
  role: Exclude<Role, 'owner'>;
  created_at: string;
  expires_at: string;
}

/** What a calendar feed (SPEC §19) carries: all the person's tasks, or one list's, label's or filter's. */
export const FEED_KINDS = ['all', 'list', 'label', 'filter'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** What the device that made a feed knew of its person, for the events and words it writes. */
export interface FeedOptions {
  /** IANA zone the person's timed tasks are in. */
  time_zone?: string;
  /** The language of the words the feed adds ("Deadline: …"). */
  language?: string;
}

/**
 * A live calendar feed of the person's (SPEC §19). Like a share link, the server keeps only its
 * token's hash, so its address (`/calendar/<token>.ics`) is known on the device that made it.
 */
export interface CalendarFeed {
  id: string;
  kind: FeedKind;
  /** The list, label or filter; null for all tasks. */
  target_id: string | null;
  name: string;
  options: FeedOptions;
  created_at: string;
}

/** How long a share link lasts, in days. */
export const LINK_DAYS = [1, 7, 30] as const;
export type LinkDays = (typeof LINK_DAYS)[number];

/** What a completion of an occurrence did: the steps it unticked (ids, sorted) and whose turn it was before and after. */
export interface CompletionRecord {
  steps: string[];
  assignee_before: string | null;
  assignee_after: string | null;
}

export interface Task {
  id: string;
  list_id: string;
  title: string;
  notes: string;
  due_date: string | null;
  due_time: string | null;
  priority: Priority;
  done: boolean;
  done_at: string | null;
  position: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
  /**
   * SPEC §11.1: RRULE text (the subset of src/domain/recurrence), only with a due date; null = no
   * repeat. Optional in the type only so rows written before repeats (and test literals) need not
   * name it: absent means null, and every row this layer returns carries both.
   */
  repeat?: string | null;
  /** The series' first due date (occurrence 1, where COUNT counts from); set exactly when `repeat` is. */
  repeat_anchor?: string | null;
  /**
   * The id of the completion (task.complete_occurrence's `completion`) that last moved this task
   * on, until its Undo: an Undo applies only to its own completion. Absent means null.
   */
  last_completion?: string | null;
  /**
   * SPEC §21: what that completion did, for its Undo to take back exactly that (the server's
   * record once pulled); null when it ended the task, and after the Undo. Absent means null.
   */
  last_completion_did?: CompletionRecord | null;
  /** SPEC §13.2: the member who does it (a user id); absent means null. */
  assignee?: string | null;
  /** SPEC §13.2: the members a repeating task takes turns between, in order; null = no taking turns. */
  turns?: string[] | null;
  /**
   * SPEC §14.3: the day it must be done by, apart from the day it is planned for (due_date);
   * completing an occurrence moves it by as many days as the due date. Absent means null.
   */
  deadline?: string | null;
  /** SPEC §14.3: completing an occurrence unticks the steps ("Start steps over each time"). Absent means true. */
  steps_start_over?: boolean;
  /** SPEC §18: how long a timed task takes, 15 … 480 minutes; only with a time. Absent means null. */
  duration_min?: number | null;
}

/** SPEC §11.3: one step of a task's checklist, versioned in its task's list (list_id is denormalised). */
export interface Step {
  id: string;
  task_id: string;
  list_id: string;
  title: string;
  done: boolean;
  position: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

/**
 * SPEC §17: one comment on a task, versioned in its task's list (list_id is denormalised). The
 * body is plain text; a mention is the token `@[name](user id)` in it (domain/mentions.ts).
 */
export interface Comment {
  id: string;
  task_id: string;
  list_id: string;
  author_id: string;
  body: string;
  created_at: string;
  /** When its author last changed the body; null if never edited. */
  edited_at: string | null;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

/** What a notification tells (SPEC §17). */
export type NotificationKind = 'assigned' | 'task_changed' | 'task_completed' | 'comment' | 'mention' | 'invited' | 'joined';

/**
 * One of the person's notifications, made by the server (SPEC §17) and pulled under their own
 * cursor key; `payload` holds what the screen shows without the task at hand (its title then,
 * the actor's name, the list's name).
 */
export interface AppNotification {
  id: string;
  kind: NotificationKind;
  list_id: string | null;
  task_id: string | null;
  actor_id: string | null;
  at: string;
  read_at: string | null;
  payload: { title?: string; actor_name?: string; list_name?: string; old_title?: string; due_date?: string | null; comment_id?: string; invited_list_id?: string };
  version: number;
}

/** A person's level for a list's notifications: everything, only theirs (assignments and mentions), or none. */
export type NotifyLevel = 'all' | 'mine' | 'off';

/** SPEC §11.4: minutes before the due time a reminder fires (0 = at the due time). */
export const REMINDER_OFFSETS = [0, 5, 15, 30, 60, 1440] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];

/**
 * SPEC §11.4: one person's reminder on one task (the server keys it by task and user; a device
 * holds its user's only). `offset_minutes` null = cleared (a tombstone that still syncs). A snooze
 * is for one occurrence (`snoozed_occurrence`) and ends when that occurrence passes. `list_id`
 * follows the task's list: the version space.
 */
export interface Reminder {
  task_id: string;
  list_id: string;
  offset_minutes: ReminderOffset | null;
  snoozed_until: string | null;
  snoozed_occurrence: string | null;
  updated_at: string;
  version: number;
}

/** SPEC §14.1: one person's label; only its owner ever holds it. A delete leaves a tombstone that syncs. */
export interface Label {
  id: string;
  name: string;
  color: ListColor;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

/**
 * SPEC §14.1: the acting person's label on a task, a per-person record in the task's list (like a
 * reminder). `deleted_at` set = removed (a tombstone that still syncs).
 */
export interface TaskLabel {
  task_id: string;
  label_id: string;
  list_id: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

/** SPEC §14.2: one person's saved filter; only its owner holds it. `query` is a FilterQuery (src/domain/filters.ts). */
export interface SavedFilter {
  id: string;
  name: string;
  query: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

export type FilterPatch = Partial<Pick<SavedFilter, 'name' | 'query'>>;

export type LabelPatch = Partial<Pick<Label, 'name' | 'color'>>;

export type ListPatch = Partial<Pick<List, 'name' | 'color' | 'position'>>;
export type TaskPatch = Partial<
  Pick<
    Task,
    'title' | 'notes' | 'due_date' | 'due_time' | 'priority' | 'done' | 'list_id' | 'position' | 'repeat' | 'repeat_anchor' | 'assignee' | 'turns' | 'deadline' | 'steps_start_over' | 'duration_min'
  >
>;
export type StepPatch = Partial<Pick<Step, 'title' | 'done' | 'position'>>;

export interface MutationArgs {
  'list.create': { id: string; name: string; color: ListColor; position: string };
  'list.update': { id: string; patch: ListPatch };
  'list.delete': { id: string };
  'list.restore': { id: string };
  'task.create': {
    id: string;
    list_id: string;
    title: string;
    notes?: string;
    due_date?: string | null;
    due_time?: string | null;
    priority?: Priority;
    position: string;
    repeat?: string | null;
    repeat_anchor?: string | null;
    assignee?: string | null;
    deadline?: string | null;
    steps_start_over?: boolean;
  };
  'task.update': { id: string; patch: TaskPatch };
  'task.delete': { id: string };
  'task.restore': { id: string };
  /**
   * Completes the occurrence due on `occurrence`: due_date → `next` (the client's nextDue), or done
   * when null. `completion` names this completion for its Undo; `repeat` and `repeat_anchor` are the
   * rule `next` was computed from (a task whose rule has changed since refuses it `stale`). The
   * three are absent only in changes queued by versions that did not send them.
   */
  'task.complete_occurrence': {
    id: string;
    occurrence: string;
    next: string | null;
    completion?: string;
    repeat?: string | null;
    repeat_anchor?: string | null;
    /**
     * SPEC §14.3: the completing device's calendar day. For a repeat from the day it's done, the
     * next due date is computed from it (on the server too), not taken from `next`.
     */
    done_on?: string;
  };
  /**
   * Undo of the above: back to `occurrence` if the task is still at `next` (or reopened if next was
   * null), and only while `completion` is the completion that last moved the task.
   */
  /** `steps`: the steps the completion unticked (its steps starting over), ticked again by the undo. */
  'task.uncomplete_occurrence': { id: string; occurrence: string; next: string | null; completion?: string; steps?: string[] };
  'step.create': { id: string; task_id: string; title: string; position: string };
  'step.update': { id: string; patch: StepPatch };
  'step.delete': { id: string };
  'step.restore': { id: string };
  'reminder.set': { task_id: string; offset_minutes: ReminderOffset };
  'reminder.clear': { task_id: string };
  /** `occurrence` YYYY-MM-DD (the due date it is for), `until` an ISO timestamp. */
  'reminder.snooze': { task_id: string; occurrence: string; until: string };
  'label.create': { id: string; name: string; color: ListColor };
  'label.update': { id: string; patch: LabelPatch };
  'label.delete': { id: string };
  'task_label.add': { task_id: string; label_id: string };
  'task_label.remove': { task_id: string; label_id: string };
  'filter.create': { id: string; name: string; query: Record<string, unknown> };
  'filter.update': { id: string; patch: FilterPatch };
  'filter.delete': { id: string };
  'member.invite': { list_id: string; email: string; role: Exclude<Role, 'owner'> };
  'member.set_role': { list_id: string; user_id: string; role: Exclude<Role, 'owner'> };
  'member.remove': { list_id: string; user_id: string };
  'list.leave': { list_id: string };
  /** The caller's own invitation to the list (SPEC §13.1). */
  'invitation.accept': { list_id: string };
  'invitation.decline': { list_id: string };
  /** By the owner: the invitation of `email` goes (pending, or declined and dismissed). */
  'invitation.cancel': { list_id: string; email: string };
  /** By the owner (SPEC §13.1): `token_hash` is the hex SHA-256 of the link's token, which stays on the device. */
  'link.create': { id: string; list_id: string; role: Exclude<Role, 'owner'>; expires_in_days: LinkDays; token_hash: string };
  /** `list_id` is the link's list: the role on it is checked before the link is looked for. */
  'link.revoke': { id: string; list_id: string };
  /** The caller's own profile (SPEC §16): each field named is set; null clears it. */
  'profile.update': ProfilePatch;
  /** The person's own (SPEC §19): `token_hash` is the hex SHA-256 of the feed's token, which stays on the device. */
  'feed.create': { id: string; kind: FeedKind; target_id?: string | null; name: string; token_hash: string; options: FeedOptions };
  'feed.revoke': { id: string };
  'comment.create': { id: string; task_id: string; body: string };
  'comment.update': { id: string; body: string };
  'comment.delete': { id: string };
  /** The caller's own notifications (SPEC §17): ids not theirs, gone or read already are passed over. */
  'notification.read': { ids: string[] };
  /** Every unread notification of the caller made at or before `before` (an ISO time). */
  'notification.read_all': { before: string };
  /** The caller's level for a list they are on. */
  'list.notify': { list_id: string; level: NotifyLevel };
}
export type MutationName = keyof MutationArgs;
export const MUTATION_NAMES = [
  'list.create', 'list.update', 'list.delete', 'list.restore',
  'task.create', 'task.update', 'task.delete', 'task.restore',
  'task.complete_occurrence', 'task.uncomplete_occurrence',
  'step.create', 'step.update', 'step.delete', 'step.restore',
  'reminder.set', 'reminder.clear', 'reminder.snooze',
  'label.create', 'label.update', 'label.delete', 'task_label.add', 'task_label.remove',
  'filter.create', 'filter.update', 'filter.delete',
  'member.invite', 'member.set_role', 'member.remove', 'list.leave',
  'invitation.accept', 'invitation.decline', 'invitation.cancel',
  'link.create', 'link.revoke',
  'profile.update',
  'feed.create', 'feed.revoke',
  'comment.create', 'comment.update', 'comment.delete',
  'notification.read', 'notification.read_all', 'list.notify',
] as const satisfies readonly MutationName[];

export type Mutation = { [N in MutationName]: { id: number; name: N; args: MutationArgs[N] } }[MutationName];

/** A queued local edit (client only). `id` is the client's sequential mutation id. */
export type OutboxEntry = Mutation & { created_at: string };

export const ERROR_CODES = ['invalid', 'forbidden', 'not_found', 'deleted', 'too_large', 'rate_limited', 'stale'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export interface MutationError {
  code: ErrorCode;
  message: string;
  field?: string;
}

/** A change the server refused, kept until the user retries or discards it. */
export type RefusedEntry = OutboxEntry & { error: MutationError; refused_at: string };

/**
 * A replayed change's first answer (`duplicate`). 'unknown': the server keeps no record of it, so
 * nothing new to tell — the change was applied, or refused and this client id has acknowledged
 * that refusal in a pull (or the id was skipped). supabase/README.md, "What the server keeps".
 */
export type FirstStatus = 'applied' | 'refused' | 'unknown';

export interface PushResult {
  last_mutation_id: number;
  results: {
    id: number;
    status: 'applied' | 'duplicate' | 'refused';
    /** On `duplicate` only (servers before it send none). */
    first_status?: FirstStatus;
    /** On `refused`, and on a `duplicate` whose first_status is 'refused'. */
    error?: MutationError;
  }[];
}

/** The key of the refusal stream's position among a pull's cursors. */
export const REFUSED_CURSOR = 'refused';

/**
 * The keys of the invitations' and the share links' digests among a pull's cursors; every key
 * but these and the refusal stream's is a list id. A request that names one (0 when the device
 * holds no set it can vouch for) is answered with the set's digest there, and with the set only
 * when that digest is not the one sent.
 */
export const INVITATIONS_CURSOR = 'invitations';
export const LINKS_CURSOR = 'links';
export const PROFILE_CURSOR = 'profile';
/**
 * The key of the person's notifications among a pull's cursors: their own counter's position (a
 * request that names it, 0 at first, gets their notifications past it, and their levels).
 */
export const NOTIFICATIONS_CURSOR = 'notifications';
/** The key of the person's calendar feeds' digest among a pull's cursors, like the links'. */
export const FEEDS_CURSOR = 'feeds';

export interface PullResult {
  lists: List[];
  members: Member[];
  /** A tombstone says whether its list's delete made it (list.restore revives those only). */
  tasks: (Task & { deleted_with_list?: boolean })[];
  /** Steps of the tasks in visible lists (servers before steps send none). */
  steps?: (Step & { deleted_with_task?: boolean })[];
  /** Comments on the tasks in visible lists, tombstones too (servers before comments send none). */
  comments?: (Comment & { deleted_with_task?: boolean })[];
  /** The caller's own reminders on tasks in visible lists (servers before reminders send none). */
  reminders?: (Reminder & { user_id?: string })[];
  /** The caller's own labels, deleted ones too (servers before labels send none). */
  labels?: Label[];
  /** The caller's own labels on tasks in visible lists, removed ones too (likewise). */
  task_labels?: TaskLabel[];
  /** The caller's own saved filters, deleted ones too (servers before filters send none). */
  filters?: SavedFilter[];
  departed: { list_id: string; task_id: string }[];
  /**
   * Lists that lost a member row without a tombstone (the person deleted their account), each
   * with every member row it has now: a device drops the list's other members (servers before
   * these markers send none).
   */
  member_sets?: { list_id: string; version: number; user_ids: string[] }[];
  /** The caller's notifications past their cursor and their levels (only when the request named the key). */
  notifications?: { rows: AppNotification[]; levels: { list_id: string; level: NotifyLevel }[]; more?: boolean };
  visible_lists: string[];
  /**
   * A version per visible list id, under `refused` the refusal stream's position (the highest
   * refused mutation id delivered so far), and under `invitations` and `links` the digests of
   * those sets when the request named them. Send them back as given: a `refused` cursor also lets
   * the server forget the refusals up to it.
   */
  cursors: Record<string, number>;
  last_mutation_id: number;
  /** With the refused change's name and args (servers before those were recorded send neither). */
  refused: { id: number; error: MutationError; name?: string; args?: unknown }[];
  has_more: boolean;
  /**
   * The caller's invitations, whole; left out when the request's `invitations` cursor is the
   * set's digest (servers before invitations send none).
   */
  invitations?: Invitation[];
  /** The live links of the lists the caller owns, whole; left out like invitations, by `links` (servers before links send none). */
  links?: ShareLink[];
  /** The caller's profile; left out like invitations, by `profile` (servers before names send none). */
  profile?: Profile;
  /** The caller's live calendar feeds, whole; left out like links, by `feeds` (servers before feeds send none). */
  feeds?: CalendarFeed[];
  /**
   * Rows (of every kind; refusals are not counted) still to come past `cursors`; only when asked
   * for (`count`). 0 when no more rows wait — `has_more` may still be true for refusals alone.
   */
  remaining?: number;
}
