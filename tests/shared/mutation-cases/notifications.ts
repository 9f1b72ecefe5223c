// Shared mutation cases: notification.read, notification.read_all and list.notify (SPEC §17). A
// person marks only their own notifications; ids not theirs, unknown or read already are passed
// over. A level is the person's own, on a list they are on.
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, BOBS, HOME } from './fixtures';

const read: MutationCase[] = [
  {
    title: 'notification.read marks the named notification read and leaves the others',
    name: 'notification.read',
    before: { lists: [HOME], notifications: [{ id: 'N1', user: 'alice' }, { id: 'N2', user: 'alice' }] },
    as: 'alice',
    args: { ids: ['N1'] },
    expect: { after: { notifications: { N1: { read: true }, N2: { read: false } } } },
  },
  {
    title: 'notification.read passes over another person’s notification and unknown ids',
    name: 'notification.read',
    before: { lists: [HOME], notifications: [{ id: 'N1', user: 'bob' }, { id: 'N2', user: 'alice' }] },
    as: 'alice',
    args: { ids: ['N1', 'N9', 'N2'] },
    expect: { after: { notifications: { N1: { read: false }, N2: { read: true } } } },
  },
  {
    title: 'notification.read of one read already keeps it read',
    name: 'notification.read',
    before: { lists: [HOME], notifications: [{ id: 'N1', user: 'alice', read: true }] },
    as: 'alice',
    args: { ids: ['N1'] },
    expect: { after: { notifications: { N1: { read: true } } } },
  },
  {
    title: 'notification.read without a list of ids is invalid',
    name: 'notification.read',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ids: 'N1' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'notification.read of more than 1,000 ids is invalid',
    name: 'notification.read',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ids: Array.from({ length: 1001 }, (_, i) => `x${i}`) },
    expect: { refused: 'invalid' },
  },
];

const readAll: MutationCase[] = [
  {
    title: 'notification.read_all marks every unread one made up to `before`, not later ones',
    name: 'notification.read_all',
    before: {
      lists: [HOME],
      notifications: [
        { id: 'N1', user: 'alice', at: '2026-11-20T08:00:00.000Z' },
        { id: 'N2', user: 'alice', at: '2026-11-26T08:00:00.000Z' },
        { id: 'N3', user: 'bob', at: '2026-11-20T08:00:00.000Z' },
      ],
    },
    as: 'alice',
    args: { before: '2026-11-24T00:00:00.000Z' },
    expect: { after: { notifications: { N1: { read: true }, N2: { read: false }, N3: { read: false } } } },
  },
  {
    // the server keeps microseconds and a device's clock gives milliseconds: one made 0.4 ms
    // after `before` is later, though both read as the same millisecond
    title: 'notification.read_all compares to the microsecond',
    name: 'notification.read_all',
    before: {
      lists: [HOME],
      notifications: [
        { id: 'N1', user: 'alice', at: '2026-11-24T00:00:00.000400Z' },
        { id: 'N2', user: 'alice', at: '2026-11-24T00:00:00.000Z' },
      ],
    },
    as: 'alice',
    args: { before: '2026-11-24T00:00:00.000Z' },
    expect: { after: { notifications: { N1: { read: false }, N2: { read: true } } } },
  },
  {
    // "Mark all as read" sends the newest held one's own time, as the server wrote it: that one is
    // marked too, whatever either clock says now (these are made far ahead of both)
    title: 'notification.read_all up to the newest one’s own time marks it, to the microsecond',
    name: 'notification.read_all',
    before: {
      lists: [HOME],
      notifications: [
        { id: 'N1', user: 'alice', at: '2099-01-01T00:00:00.123455+00:00' },
        { id: 'N2', user: 'alice', at: '2099-01-01T00:00:00.123456+00:00' },
        { id: 'N3', user: 'alice', at: '2099-01-01T00:00:00.123457+00:00' },
      ],
    },
    as: 'alice',
    args: { before: '2099-01-01T00:00:00.123456+00:00' },
    expect: { after: { notifications: { N1: { read: true }, N2: { read: true }, N3: { read: false } } } },
  },
  {
    title: 'notification.read_all with nothing unread changes nothing',
    name: 'notification.read_all',
    before: { lists: [HOME], notifications: [{ id: 'N1', user: 'alice', read: true }] },
    as: 'alice',
    args: { before: '2026-11-24T00:00:00.000Z' },
    expect: { after: { notifications: { N1: { read: true } } } },
  },
  {
    title: 'notification.read_all with a `before` that is no time is invalid',
    name: 'notification.read_all',
    before: { lists: [HOME] },
    as: 'alice',
    args: { before: 'soon' },
    expect: { refused: 'invalid' },
  },
];

const notify: MutationCase[] = [
  {
    title: 'list.notify sets the owner’s level',
    name: 'list.notify',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', level: 'mine' },
    expect: { after: { notify: { 'L1/alice': 'mine', 'L1/bob': 'none' } } },
  },
  {
    title: 'list.notify by a member sets only their own level',
    name: 'list.notify',
    before: { lists: [HOME], members: [BOB_EDITS], notify: [{ list: 'L1', user: 'alice', level: 'off' }] },
    as: 'bob',
    args: { list_id: 'L1', level: 'off' },
    expect: { after: { notify: { 'L1/bob': 'off', 'L1/alice': 'off' } } },
  },
  {
    title: 'list.notify changes a level chosen before',
    name: 'list.notify',
    before: { lists: [HOME], notify: [{ list: 'L1', user: 'alice', level: 'off' }] },
    as: 'alice',
    args: { list_id: 'L1', level: 'all' },
    expect: { after: { notify: { 'L1/alice': 'all' } } },
  },
  {
    title: 'list.notify with an unknown level is invalid',
    name: 'list.notify',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', level: 'loud' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.notify on a list the person is not on is not found',
    name: 'list.notify',
    before: { lists: [HOME, BOBS] },
    as: 'alice',
    args: { list_id: 'L2', level: 'off' },
    expect: { refused: 'not_found' },
  },
];

export const NOTIFICATION_CASES: MutationCase[] = [...read, ...readAll, ...notify];
