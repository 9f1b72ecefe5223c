// Shared mutation cases: comments (SPEC §17) — comment.create/update/delete, their rights (from
// the task's list: owners and editors write, viewers read; only the author edits; the author or
// the list's owner deletes), the body's rules (1–2,000 characters, plain text, trimmed), the
// limit of 500 live comments a task, and how a task's delete, restore and move carry its comments.
import type { CaseComment, CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, CAROL_EDITS, HOME, WORK } from './fixtures';

const TASK: CaseTask = { id: 'T1', list: 'L1', title: 'Paint the fence' };
const NEW = { id: 'C9', task_id: 'T1', body: 'I’ll pick it up after work' };
/** bob's comment on T1. */
const BOBS_NOTE: CaseComment = { id: 'C1', task: 'T1', author: 'bob', body: 'Bought the paint' };
/** n live comments on T1, C100… (ids past the ones cases name). */
const many = (n: number): CaseComment[] => Array.from({ length: n }, (_, i) => ({ id: `C${100 + i}`, task: 'T1', body: `Note ${i + 1}` }));

const create: MutationCase[] = [
  {
    title: 'comment.create by an editor adds their comment in the task’s list (body trimmed)',
    name: 'comment.create', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK] }, as: 'bob',
    args: { ...NEW, body: '  I’ll pick it up after work \n ' },
    expect: { after: { comments: { C9: { body: 'I’ll pick it up after work', author: 'bob', list: 'L1', edited: false, deleted: false } } } },
  },
  {
    title: 'comment.create keeps newlines and tabs inside the body',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, body: 'First:\n\tsand it\nThen paint' },
    expect: { after: { comments: { C9: { body: 'First:\n\tsand it\nThen paint' } } } },
  },
  {
    title: 'comment.create with 2,000 characters is accepted',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, body: 'c'.repeat(2000) },
    expect: { after: { comments: { C9: { body: 'c'.repeat(2000) } } } },
  },
  {
    title: 'comment.create with 2,001 characters is invalid (Comment must be at most 2,000 characters)',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, body: 'c'.repeat(2001) },
    expect: { refused: 'invalid' },
  },
  {
    title: 'comment.create with a blank body is invalid (Comment is required)',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, body: ' \n\t ' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'comment.create with a control character is invalid',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, body: 'ring\u0007' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'comment.create by a viewer is forbidden',
    name: 'comment.create', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK] }, as: 'bob',
    args: NEW,
    expect: { refused: 'forbidden' },
  },
  {
    title: 'comment.create by someone not on the list is not_found',
    name: 'comment.create', before: { lists: [HOME, BOBS], tasks: [TASK] }, as: 'bob',
    args: NEW,
    expect: { refused: 'not_found' },
  },
  {
    title: 'comment.create on a deleted task is refused as deleted',
    name: 'comment.create', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }] }, as: 'alice',
    args: NEW,
    expect: { refused: 'deleted' },
  },
  {
    title: 'comment.create with an id already in use is invalid',
    name: 'comment.create', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'alice',
    args: { ...NEW, id: 'C1' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'comment.create of the 501st comment is invalid (A task holds at most 500 comments)',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK], comments: many(500) }, as: 'alice',
    args: NEW,
    expect: { refused: 'invalid' },
  },
  {
    title: 'comment.create of the 500th live comment is accepted (deleted ones do not count)',
    name: 'comment.create', before: { lists: [HOME], tasks: [TASK], comments: [...many(499), { id: 'C2', task: 'T1', deleted: true }] }, as: 'alice',
    args: NEW,
    expect: { after: { comments: { C9: { deleted: false } } } },
  },
];

const update: MutationCase[] = [
  {
    title: 'comment.update by its author changes the body and marks it edited',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1', body: ' Bought the paint, white ' },
    expect: { after: { comments: { C1: { body: 'Bought the paint, white', edited: true, author: 'bob' } } } },
  },
  {
    title: 'comment.update with the same body changes nothing (not marked edited)',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1', body: 'Bought the paint' },
    expect: { after: { comments: { C1: { body: 'Bought the paint', edited: false } } } },
  },
  {
    title: 'comment.update by another editor is forbidden (only its author edits)',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS, CAROL_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'carol',
    args: { id: 'C1', body: 'Changed' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'comment.update by the list’s owner of someone else’s comment is forbidden',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'alice',
    args: { id: 'C1', body: 'Changed' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'comment.update by its author, now a viewer, is forbidden',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1', body: 'Changed' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'comment.update of a deleted comment is refused as deleted',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [{ ...BOBS_NOTE, deleted: true }] }, as: 'bob',
    args: { id: 'C1', body: 'Changed' },
    expect: { refused: 'deleted' },
  },
  {
    title: 'comment.update of a comment its task’s delete took is refused as deleted',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [{ ...TASK, deleted: true }], comments: [{ ...BOBS_NOTE, deleted: true, deleted_with_task: true }] }, as: 'bob',
    args: { id: 'C1', body: 'Changed' },
    expect: { refused: 'deleted' },
  },
  {
    title: 'comment.update with a blank body is invalid',
    name: 'comment.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1', body: '   ' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'comment.update by someone no longer on the list is not_found',
    name: 'comment.update', before: { lists: [HOME], members: [{ ...BOB_EDITS, removed: true }], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1', body: 'Changed' },
    expect: { refused: 'not_found' },
  },
  {
    title: 'comment.update of a comment that never existed is not_found',
    name: 'comment.update', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { id: 'C5', body: 'Changed' },
    expect: { refused: 'not_found' },
  },
];

const remove: MutationCase[] = [
  {
    title: 'comment.delete by its author tombstones it',
    name: 'comment.delete', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1' },
    expect: { after: { comments: { C1: { deleted: true, deleted_with_task: false } } } },
  },
  {
    title: 'comment.delete by the list’s owner removes anyone’s comment',
    name: 'comment.delete', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'alice',
    args: { id: 'C1' },
    expect: { after: { comments: { C1: { deleted: true } } } },
  },
  {
    title: 'comment.delete by another editor is forbidden',
    name: 'comment.delete', before: { lists: [HOME], members: [BOB_EDITS, CAROL_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'carol',
    args: { id: 'C1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'comment.delete by a viewer, even its author, is forbidden',
    name: 'comment.delete', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'bob',
    args: { id: 'C1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'comment.delete twice keeps the first delete',
    name: 'comment.delete', before: { lists: [HOME], tasks: [TASK], comments: [{ id: 'C1', task: 'T1', deleted: true }] }, as: 'alice',
    args: { id: 'C1' },
    expect: { after: { comments: { C1: { deleted: true, deleted_with_task: false } } } },
  },
  {
    title: 'comment.delete of one its task’s delete took keeps it deleted when the task comes back',
    name: 'comment.delete', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], comments: [{ id: 'C1', task: 'T1', deleted: true, deleted_with_task: true }] }, as: 'alice',
    args: { id: 'C1' },
    expect: { after: { comments: { C1: { deleted: true, deleted_with_task: false } } } },
  },
];

const carried: MutationCase[] = [
  {
    title: 'task.delete tombstones its live comments (deleted_with_task) and leaves deleted ones as they are',
    name: 'task.delete', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE, { id: 'C2', task: 'T1', deleted: true }] }, as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: true } }, comments: { C1: { deleted: true, deleted_with_task: true }, C2: { deleted: true, deleted_with_task: false } } } },
  },
  {
    title: 'task.restore brings back exactly the comments its delete took',
    name: 'task.restore',
    before: {
      lists: [HOME], members: [BOB_EDITS], tasks: [{ ...TASK, deleted: true }],
      comments: [{ ...BOBS_NOTE, deleted: true, deleted_with_task: true }, { id: 'C2', task: 'T1', deleted: true }],
    },
    as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: false } }, comments: { C1: { deleted: false, body: 'Bought the paint' }, C2: { deleted: true } } } },
  },
  {
    title: 'task.update moving a task to another list moves its comments, deleted ones too',
    name: 'task.update', before: { lists: [HOME, WORK], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE, { id: 'C2', task: 'T1', deleted: true }] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2', position: 'a0' } },
    expect: { after: { tasks: { T1: { list: 'L2' } }, comments: { C1: { list: 'L2', deleted: false, author: 'bob' }, C2: { list: 'L2', deleted: true } } } },
  },
  {
    title: 'list.delete leaves its tasks’ comments as they are (the tasks hide them, and come back with them)',
    name: 'list.delete', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], comments: [BOBS_NOTE] }, as: 'alice',
    args: { id: 'L1' },
    expect: { after: { tasks: { T1: { deleted: true, deleted_with_list: true } }, comments: { C1: { deleted: false } } } },
  },
];

export const COMMENT_CASES: MutationCase[] = [...create, ...update, ...remove, ...carried];
