// The shape every mutation shares: what it reads, and a pure `apply` over those rows. No Dexie
// and no clock here — the caller loads the rows, passes `now`, and writes the changes — so the
// same function serves the optimistic write, the rebase after a pull and the shared case table.
import type { Profile } from '@/domain/people';
import type { AppNotification, CalendarFeed, Comment, Invitation, NotifyLevel, ShareLink, Label, List, Member, MutationArgs, MutationError, MutationName, Reminder, SavedFilter, Step, Task, TaskLabel } from '@/domain/model';

/** A task as stored locally: `deleted_with_list` says a tombstone went with its list's delete. */
export type TaskRecord = Task & { deleted_with_list?: boolean };
/** A step as stored locally: `deleted_with_task` says a tombstone went with its task's delete. */
export type StepRecord = Step & { deleted_with_task?: boolean };

/** A comment as stored locally: `deleted_with_task` says a tombstone went with its task's delete. */
export type CommentRecord = Comment & { deleted_with_task?: boolean };

/** The acting person's reminder on a task (a device holds only its own user's). */
export type ReminderRecord = Reminder;

/** The rows a mutation asked for (by `reads`); anything else is absent from the maps. */
export interface Rows {
  lists: ReadonlyMap<string, List>;
  tasks: ReadonlyMap<string, TaskRecord>;
  /** Steps asked for; optional so rows built by hand (tests) for task and list changes need none. */
  steps?: ReadonlyMap<string, StepRecord>;
  /** Comments asked for (by id, and a task's); optional likewise. */
  comments?: ReadonlyMap<string, CommentRecord>;
  /** The person's reminders asked for, by task id; optional likewise. */
  reminders?: ReadonlyMap<string, ReminderRecord>;
  /** The person's labels asked for (every one with `allLabels`), by id; optional likewise. */
  labels?: ReadonlyMap<string, Label>;
  /** The person's labels on the tasks asked for, removed ones too, keyed `taskLabelKey(task, label)`. */
  taskLabels?: ReadonlyMap<string, TaskLabel>;
  /** The person's filters asked for (every one with `allFilters`), by id; optional likewise. */
  filters?: ReadonlyMap<string, SavedFilter>;
  /** Keyed by `memberKey(list_id, user_id)`. */
  members: ReadonlyMap<string, Member>;
  /** The invitations this device holds, keyed by `invitationKey`; optional like steps. */
  invitations?: ReadonlyMap<string, Invitation>;
  /** The live links of the person's lists this device holds, by id; optional like invitations. */
  links?: ReadonlyMap<string, ShareLink>;
  /** The person's own profile as this device holds it (null: none held yet); only when asked for. */
  profile?: Profile | null;
  /** The person's live calendar feeds this device holds, by id; optional like links. */
  feeds?: ReadonlyMap<string, CalendarFeed>;
  /** The person's notifications asked for (by id, or every unread one), by id; optional likewise. */
  notifications?: ReadonlyMap<string, AppNotification>;
}

/** What to load before applying: rows by key, and a list's tasks in one state. */
export interface Reads {
  lists?: string[];
  tasks?: string[];
  members?: [listId: string, userId: string][];
  /** Every member of these lists (what an invitation counts against the limit). */
  listMembers?: string[];
  /** Every member of each loaded task's list (who may be assigned to it). */
  taskListMembers?: boolean;
  /** Every task of the list that is live (open or done), or every tombstone. */
  listTasks?: { listId: string; state: 'live' | 'deleted' }[];
  /** Steps by id; the loader adds each step's task. */
  steps?: string[];
  /** Steps by id, with every live step of each one's task (what a restore counts against the limit). */
  stepSiblings?: string[];
  /** Every step of the task, live or tombstones (each step has its task's list_id). */
  taskSteps?: { taskId: string; state: 'live' | 'deleted' | 'all' }[];
  /** Every step in the list that is live, or every tombstone. */
  listSteps?: { listId: string; state: 'live' | 'deleted' }[];
  /** Comments by id; the loader adds each comment's task. */
  comments?: string[];
  /** Every comment of the task, live, tombstones or all. */
  taskComments?: { taskId: string; state: 'live' | 'deleted' | 'all' }[];
  /** The person's reminders by task id (the loader does not add their tasks: name them in `tasks`). */
  reminders?: string[];
  /** The invitations this device holds (few: they are kept whole). */
  invitations?: boolean;
  /** The share links this device holds (few: they are kept whole). */
  links?: boolean;
  /** The person's own profile. */
  profile?: boolean;
  /** Every membership row of the person themselves, in every list (what a rename rewrites). */
  myMembers?: boolean;
  /** The calendar feeds this device holds (few: they are kept whole). */
  feeds?: boolean;
  /** The person's labels by id (each named label's rows on tasks come with `taskLabels`). */
  labels?: string[];
  /** Every label of the person, deleted ones too (what a create counts against the limit). */
  allLabels?: boolean;
  /** Every label row of the person on these tasks, with the labels they name. */
  taskLabels?: string[];
  /** The person's filters by id. */
  filters?: string[];
  /** Every filter of the person, deleted ones too (what a create counts against the limit). */
  allFilters?: boolean;
  /** The person's notifications by id. */
  notifications?: string[];
  /** Every unread notification of the person. */
  unreadNotifications?: boolean;
}

/** Rows to write (whole rows, replacing what is stored) and membership rows to remove. */
export interface Changes {
  lists?: List[];
  tasks?: TaskRecord[];
  members?: Member[];
  steps?: StepRecord[];
  comments?: CommentRecord[];
  reminders?: ReminderRecord[];
  labels?: Label[];
  taskLabels?: TaskLabel[];
  filters?: SavedFilter[];
  removeMembers?: [listId: string, userId: string][];
  /** Invitations to take off this device, by `invitationKey`. */
  removeInvitations?: string[];
  /** Share links to add (whole), and to take off this device by id. */
  links?: ShareLink[];
  removeLinks?: string[];
  /** The person's own profile, whole. */
  profile?: Profile;
  /** Calendar feeds to add (whole), and to take off this device by id. */
  feeds?: CalendarFeed[];
  removeFeeds?: string[];
  /** The person's notifications, whole (a read mark), and their level for lists. */
  notifications?: AppNotification[];
  notifyLevels?: { list_id: string; level: NotifyLevel }[];
}

export type Outcome = { ok: true; changes: Changes } | { ok: false; error: MutationError };

export interface Ctx {
  /** The person acting. */
  userId: string;
  /** ISO time stamped on changed rows (the server sets its own when it applies the change). */
  now: string;
}

export interface MutationDef<N extends MutationName> {
  /** The rows `apply` needs; the loader adds each loaded task's list and the person's memberships. */
  reads(args: MutationArgs[N]): Reads;
  /** The rows to write, or throws a Refusal (checks.ts) for what the server would refuse. */
  apply(rows: Rows, args: MutationArgs[N], ctx: Ctx): Changes;
}

export type MutationDefs = { [N in MutationName]: MutationDef<N> };

export const memberKey = (listId: string, userId: string) => `${listId}/${userId}`;

/** An invitation to the person themselves (`email` null), or one they sent to `email`. */
export const invitationKey = (listId: string, email: string | null) => (email === null ? `${listId}/in` : `${listId}/out/${email.trim().toLowerCase()}`);
export const keyOfInvitation = (i: Invitation) => invitationKey(i.list_id, i.incoming ? null : i.email);
