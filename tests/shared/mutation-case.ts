// The shape of one shared mutation case: rows before, one mutation by one person, and the rows
// after or the refusal code. The same table runs against the client's pure `apply`
// (tests/unit/data/mutation-cases.test.ts) and against the server's `sync_push` on PGlite and
// PostgreSQL 15 (tests/integration/server/mutation-cases.test.ts), so the two cannot drift apart.
//
// Ids in a case are symbolic: lists 'L1', 'L2', …; tasks 'T1', …; steps 'S1', …; people 'alice' | 'bob' |
// 'carol'; a person's Inbox is the list id 'inbox:alice' (its id is the person's user id). Each
// runner maps them to fresh UUIDs per case. In args, 'email:bob' stands for bob's e-mail and
// 'user:bob' for bob's user id; 'hash:<n>' stands for a link token's hash (64 hex digits, fresh
// per case on the server, where hashes are unique across cases).
import type { ErrorCode, ListColor, MutationName, Priority, Role } from '@/domain/model';

export type Person = 'alice' | 'bob' | 'carol';

export interface CaseList {
  id: string;
  owner: Person;
  name?: string;
  color?: ListColor;
  position?: string;
  /** Only for 'inbox:<person>' ids. */
  is_inbox?: boolean;
  deleted?: boolean;
}

/** The owner's membership is implied by `CaseList.owner`; list the others here. */
export interface CaseMember {
  list: string;
  user: Person;
  role: Role;
  /**
   * Added for member cases: a membership that was removed (or left). The server keeps it as a
   * tombstone row (`deleted_at` set); a device has no row for it at all.
   */
  removed?: boolean;
}

export interface CaseTask {
  id: string;
  list: string;
  title?: string;
  notes?: string;
  due_date?: string | null;
  due_time?: string | null;
  priority?: Priority;
  done?: boolean;
  position?: string;
  created_by?: Person;
  deleted?: boolean;
  deleted_with_list?: boolean;
  /** RRULE text and the series' first date (SPEC §11.1); both or neither. */
  repeat?: string | null;
  repeat_anchor?: string | null;
  /** Who does it (SPEC §13.2), a member of the list; null = nobody. */
  assignee?: Person | null;
  /** The order a repeating task takes turns in; null = no taking turns. */
  turns?: Person[] | null;
  /** SPEC §14.3: the deadline, and whether completing an occurrence unticks the steps (default true). */
  deadline?: string | null;
  steps_start_over?: boolean;
  /** SPEC §18: minutes a timed task takes; null = none. */
  duration_min?: number | null;
}

/** A step ('S<n>') of a task; its list is its task's. */
export interface CaseStep {
  id: string;
  task: string;
  title?: string;
  done?: boolean;
  position?: string;
  deleted?: boolean;
  deleted_with_task?: boolean;
}

/** A comment ('C<n>', SPEC §17) on a task; its list is its task's. */
export interface CaseComment {
  id: string;
  task: string;
  /** Defaults to the task's list's owner. */
  author?: Person;
  body?: string;
  /** Whether it was edited (edited_at set). */
  edited?: boolean;
  deleted?: boolean;
  deleted_with_task?: boolean;
}

/** A person's reminder on a task (SPEC §11.4); its list is its task's. A device holds only its own person's. */
export interface CaseReminder {
  task: string;
  user: Person;
  /** null = cleared (a tombstone row). */
  offset_minutes: number | null;
  snoozed_until?: string | null;
  snoozed_occurrence?: string | null;
}

/**
 * An invitation (SPEC §13.1) to `to`: a person (their e-mail) or an e-mail with no account. The
 * device of the invitee holds it while it is pending and not expired; the owner's device holds it
 * while pending and not expired, or declined.
 */
export interface CaseInvitation {
  list: string;
  to: Person | string;
  role: 'editor' | 'viewer';
  declined?: boolean;
  expired?: boolean;
}

/** What must hold of one invitation; 'absent' = none (accepted, cancelled or never made). */
export type CaseInvitationAfter = { role: 'editor' | 'viewer'; status: 'pending' | 'declined' } | 'absent';

/**
 * A share link ('K<n>', SPEC §13.1) of a list, made by its owner. The owner's device holds it
 * while it is live (neither expired nor revoked); nobody else's device holds it.
 */
export interface CaseLink {
  id: string;
  list: string;
  role: 'editor' | 'viewer';
  expired?: boolean;
  revoked?: boolean;
}

/** What must hold of one link: live with that role, or 'gone' (revoked, expired or never made). */
export type CaseLinkAfter = { role: 'editor' | 'viewer' } | 'gone';

/** A person's label ('B<n>', SPEC §14.1); a device holds only its own person's. */
export interface CaseLabel {
  id: string;
  user: Person;
  name?: string;
  color?: ListColor;
  deleted?: boolean;
}

/** A label on a task, by the label's owner; its list is the task's. `removed` = taken off (a tombstone row). */
export interface CaseTaskLabel {
  task: string;
  label: string;
  removed?: boolean;
}

/** A person's saved filter ('F<n>', SPEC §14.2); a device holds only its own person's. */
export interface CaseFilter {
  id: string;
  user: Person;
  name?: string;
  query?: Record<string, unknown>;
  deleted?: boolean;
}

/** A person's profile (SPEC §16); a person without one has chosen nothing. */
export interface CaseProfile {
  user: Person;
  display_name?: string | null;
  color?: ListColor | null;
  language?: string | null;
  week_start?: number | null;
}

/** What a member row shows of its person: a name ('local:<person>' = the part of their e-mail before @) and a colour. */
export interface CaseMemberShown {
  display_name?: string;
  color?: ListColor;
}
/**
 * A person's calendar feed ('P<n>', SPEC §19); a device holds only its own person's live ones.
 * `hash` is its token's hash symbol ('hash:<n>'), so a case can send the same feed again.
 */
export interface CaseFeed {
  id: string;
  user: Person;
  name?: string;
  hash?: string;
  revoked?: boolean;
}

/** What must hold of one feed: live with that name and kind, or 'gone' (revoked or never made). */
export type CaseFeedAfter = { name: string; kind: string } | 'gone';

/** A person's notification ('N<n>', SPEC §17), made `at` (an ISO time; default the cases' T0), read or not. */
export interface CaseNotification {
  id: string;
  user: Person;
  at?: string;
  read?: boolean;
}

/** A person's notification level for a list. */
export interface CaseNotify {
  list: string;
  user: Person;
  level: 'all' | 'mine' | 'off';
}

export interface CaseState {
  profiles?: CaseProfile[];
  lists?: CaseList[];
  invitations?: CaseInvitation[];
  members?: CaseMember[];
  tasks?: CaseTask[];
  steps?: CaseStep[];
  comments?: CaseComment[];
  reminders?: CaseReminder[];
  labels?: CaseLabel[];
  task_labels?: CaseTaskLabel[];
  filters?: CaseFilter[];
  links?: CaseLink[];
  feeds?: CaseFeed[];
  notifications?: CaseNotification[];
  notify?: CaseNotify[];
}

/**
 * What must hold after the mutation: only the rows and fields named are compared.
 * 'absent' = no such row (never existed, or removed); members compare the role or 'absent'.
 */
export interface CaseAfter {
  lists?: Record<string, Partial<Omit<CaseList, 'id' | 'owner'>> | 'absent'>;
  tasks?: Record<string, Partial<Omit<CaseTask, 'id' | 'created_by'>> | 'absent'>;
  /** key `${list}/${person}` */
  members?: Record<string, Role | 'absent'>;
  /**
   * key `${list}/${to}` (a person or an e-mail). The client runner checks what the acting
   * person's device would hold: their own invitation (a declined one is no longer held), or
   * one on a list they own.
   */
  invitations?: Record<string, CaseInvitationAfter>;
  /** `list` = the step's list_id (its task's list, denormalised). */
  steps?: Record<string, Partial<Omit<CaseStep, 'id' | 'task'> & { list: string }> | 'absent'>;
  /** `list` = the comment's list_id (its task's, denormalised). */
  comments?: Record<string, Partial<Omit<CaseComment, 'id' | 'task'> & { list: string }> | 'absent'>;
  /**
   * key `${task}/${person}`; `list` = its list_id (the task's). Instants compare as instants. The
   * client runner checks only the acting person's (a device holds no one else's).
   */
  reminders?: Record<string, Partial<Omit<CaseReminder, 'task' | 'user'> & { list: string }> | 'absent'>;
  /** key the label's id; the client runner checks only the acting person's. */
  labels?: Record<string, Partial<Omit<CaseLabel, 'id' | 'user'>> | 'absent'>;
  /** key `${task}/${label}`; `list` = its list_id (the task's). The client runner checks only the acting person's. */
  task_labels?: Record<string, Partial<Omit<CaseTaskLabel, 'task' | 'label'> & { list: string }> | 'absent'>;
  /** key the filter's id; the client runner checks only the acting person's. */
  filters?: Record<string, Partial<Omit<CaseFilter, 'id' | 'user'>> | 'absent'>;
  /** key the link's id; the client runner checks links of lists the acting person owns. */
  links?: Record<string, CaseLinkAfter>;
  /** key the person; the client runner checks only the acting person's (a device holds only its own). */
  profiles?: Partial<Record<Person, Omit<CaseProfile, 'user'>>>;
  /** key `${list}/${person}`; the client runner checks only the acting person's rows (it writes no one else's). */
  members_shown?: Record<string, CaseMemberShown>;
  /** key the feed's id; the client runner checks only the acting person's. */
  feeds?: Record<string, CaseFeedAfter>;
  /** key the notification's id; the client runner checks only the acting person's. */
  notifications?: Record<string, { read: boolean }>;
  /** key `${list}/${person}`: their level, or 'none' (no choice made: all); the client runner checks only the acting person's. */
  notify?: Record<string, 'all' | 'mine' | 'off' | 'none'>;
}

export type CaseExpect = { refused: ErrorCode } | { after: CaseAfter };

export interface MutationCase {
  /** What the case shows, in words. */
  title: string;
  name: MutationName;
  /** Rows before; the person acting sees (on the client) only the lists they are a member of. */
  before: CaseState;
  as: Person;
  args: Record<string, unknown>;
  /**
   * Changes by the same person applied first, in order, each of which must be applied (for a
   * sequence: the same occurrence completed twice, a completion and its undo). The server runner
   * sends them in the same push, before the case's own mutation.
   */
  first?: { name: MutationName; args: Record<string, unknown> }[];
  expect: CaseExpect;
  /**
   * A difference on purpose: what the client's apply gives instead, and why (for example the
   * client cannot know whether an e-mail has an account, so it queues the invite unchanged).
   */
  client?: { expect: CaseExpect; why: string };
}
