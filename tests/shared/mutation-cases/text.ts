// Shared mutation cases: one rule for text (SPEC §12) — trimmed of Unicode white space, counted
// in code points, no control characters other than newline and tab (notes). Client and server
// must agree on each (src/lib/text.ts and the text_rules migration).
import type { MutationCase } from '../mutation-case';
import { HOME } from './fixtures';

const EMOJI = '🍓'; // one code point, two UTF-16 units
const NEW = { id: 'T1', list_id: 'L1', position: 'a0' };
const create = (title: string, notes?: string) => ({ ...NEW, title, ...(notes === undefined ? {} : { notes }) });
const accepted = (fields: Record<string, unknown>) => ({ after: { tasks: { T1: fields } } });

export const TEXT_CASES: MutationCase[] = [
  {
    title: 'a title is trimmed of Unicode white space (no-break, em and ideographic spaces, tab, BOM)',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('\u00a0\u2003\tPay rent\u3000\ufeff'),
    expect: accepted({ title: 'Pay rent' }),
  },
  {
    title: 'a title of 500 emoji is 500 characters (code points), not 1,000',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create(EMOJI.repeat(500)),
    expect: accepted({ title: EMOJI.repeat(500) }),
  },
  {
    title: 'a title of 501 emoji is too long',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create(EMOJI.repeat(501)),
    expect: { refused: 'invalid' },
  },
  {
    title: 'a title with a tab inside is refused (titles hold no control characters)',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('Pay\trent'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'a title with a C1 control character (NEL) is refused',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('Pay\u0085rent'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'a title of only Unicode white space is required',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('\u00a0\u2028\u3000'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'notes keep newlines and tabs',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('Pack', 'socks\n\tblue\n\tgrey'),
    expect: accepted({ notes: 'socks\n\tblue\n\tgrey' }),
  },
  {
    title: 'notes with a bell character are refused',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('Pack', 'ring \u0007'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'notes of 10,000 emoji fit; 10,001 do not',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: create('Pack', EMOJI.repeat(10_001)),
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update trims a title of Unicode white space too',
    name: 'task.update', before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', title: 'Old' }] }, as: 'alice',
    args: { id: 'T1', patch: { title: '\u200aNew\u205f' } },
    expect: accepted({ title: 'New' }),
  },
  {
    title: 'a list name is trimmed of Unicode white space',
    name: 'list.create', before: {}, as: 'alice',
    args: { id: 'L1', name: '\u3000Groceries\u00a0', color: 'green', position: 'a1' },
    expect: { after: { lists: { L1: { name: 'Groceries' } } } },
  },
  {
    title: 'a list name of 80 emoji fits; a line feed inside is refused',
    name: 'list.update', before: { lists: [HOME] }, as: 'alice',
    args: { id: 'L1', patch: { name: `${EMOJI.repeat(40)}\n${EMOJI.repeat(39)}` } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'a list name of 80 emoji is 80 characters',
    name: 'list.update', before: { lists: [HOME] }, as: 'alice',
    args: { id: 'L1', patch: { name: EMOJI.repeat(80) } },
    expect: { after: { lists: { L1: { name: EMOJI.repeat(80) } } } },
  },
];
