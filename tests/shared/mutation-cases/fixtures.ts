// Rows that many shared mutation cases start from. Plain data; a case spreads or lists them.
import type { Role } from '@/domain/model';
import type { CaseExpect, CaseList, CaseMember } from '../mutation-case';

/** 'Home', owned by alice — the list most cases act on. */
export const HOME: CaseList = { id: 'L1', owner: 'alice', name: 'Home', color: 'teal', position: 'a1' };
/** The same list, deleted (its tasks in a case must then be tombstones too). */
export const HOME_DELETED: CaseList = { ...HOME, deleted: true };
/** A second list, 'Work', owned by alice: a target for moves. */
export const WORK: CaseList = { id: 'L2', owner: 'alice', name: 'Work', color: 'blue', position: 'a2' };
/** A list of bob's. */
export const BOBS: CaseList = { id: 'L2', owner: 'bob', name: "Bob's", color: 'red', position: 'a0' };

export const INBOX_ALICE: CaseList = { id: 'inbox:alice', owner: 'alice', name: 'Inbox', color: 'grey', position: 'a0', is_inbox: true };
export const INBOX_BOB: CaseList = { id: 'inbox:bob', owner: 'bob', name: 'Inbox', color: 'grey', position: 'a0', is_inbox: true };

/** bob edits L1. */
export const BOB_EDITS: CaseMember = { list: 'L1', user: 'bob', role: 'editor' };
/** bob views L1. */
export const BOB_VIEWS: CaseMember = { list: 'L1', user: 'bob', role: 'viewer' };
/** carol views L1. */
export const CAROL_VIEWS: CaseMember = { list: 'L1', user: 'carol', role: 'viewer' };
/** carol edits L1. */
export const CAROL_EDITS: CaseMember = { list: 'L1', user: 'carol', role: 'editor' };

/** An expectation on membership rows only (for the device's queued-only member changes). */
export const queued = (members: Record<string, Role | 'absent'>): CaseExpect => ({ after: { members } });
