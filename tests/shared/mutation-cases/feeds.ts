// Shared mutation cases: calendar feeds (SPEC §19) — feed.create and feed.revoke. A feed is its
// owner's alone; a list feed needs the list, a label or filter feed the person's own live label
// or filter. At most 10 live feeds a person. Sending the same feed again changes nothing;
// revoking one that is gone (or anyone else's) changes nothing either.
import type { CaseFeed, CaseFilter, CaseLabel, MutationCase } from '../mutation-case';
import { BOB_VIEWS, HOME } from './fixtures';

const args = (extra: Record<string, unknown> = {}) => ({ id: 'P1', kind: 'all', name: 'My tasks', token_hash: 'hash:1', options: { time_zone: 'Europe/Berlin', language: 'en' }, ...extra });
const feeds = (n: number, user: CaseFeed['user'] = 'alice', from = 100): CaseFeed[] => Array.from({ length: n }, (_, i) => ({ id: `P${from + i}`, user, name: `Feed ${i}` }));
const LABEL: CaseLabel = { id: 'B1', user: 'alice', name: 'Garden' };
const FILTER: CaseFilter = { id: 'F1', user: 'alice', name: 'Urgent', query: { priority_at_least: 3 } };

const create: MutationCase[] = [
  {
    title: 'feed.create of all my tasks makes the feed, its name trimmed',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ name: '  My tasks  ' }),
    expect: { after: { feeds: { P1: { name: 'My tasks', kind: 'all' } } } },
  },
  {
    title: 'feed.create of a list a viewer is on is applied',
    name: 'feed.create', before: { lists: [HOME], members: [BOB_VIEWS] }, as: 'bob',
    args: args({ kind: 'list', target_id: 'L1', name: 'Home' }),
    expect: { after: { feeds: { P1: { name: 'Home', kind: 'list' } } } },
  },
  {
    title: 'feed.create of a list the person is not on is not_found',
    name: 'feed.create', before: { lists: [HOME] }, as: 'bob',
    args: args({ kind: 'list', target_id: 'L1' }),
    expect: { refused: 'not_found' },
  },
  {
    title: 'feed.create of the person’s own label is applied',
    name: 'feed.create', before: { labels: [LABEL] }, as: 'alice',
    args: args({ kind: 'label', target_id: 'B1', name: 'Garden' }),
    expect: { after: { feeds: { P1: { name: 'Garden', kind: 'label' } } } },
  },
  {
    title: 'feed.create of a deleted label is not_found',
    name: 'feed.create', before: { labels: [{ ...LABEL, deleted: true }] }, as: 'alice',
    args: args({ kind: 'label', target_id: 'B1' }),
    expect: { refused: 'not_found' },
  },
  {
    title: 'feed.create of someone else’s label is not_found',
    name: 'feed.create', before: { labels: [LABEL] }, as: 'bob',
    args: args({ kind: 'label', target_id: 'B1' }),
    expect: { refused: 'not_found' },
  },
  {
    title: 'feed.create of the person’s own filter is applied',
    name: 'feed.create', before: { filters: [FILTER] }, as: 'alice',
    args: args({ kind: 'filter', target_id: 'F1', name: 'Urgent' }),
    expect: { after: { feeds: { P1: { name: 'Urgent', kind: 'filter' } } } },
  },
  {
    title: 'feed.create of someone else’s filter is not_found',
    name: 'feed.create', before: { filters: [FILTER] }, as: 'bob',
    args: args({ kind: 'filter', target_id: 'F1' }),
    expect: { refused: 'not_found' },
  },
  {
    title: 'feed.create of an unknown kind is invalid',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ kind: 'everything' }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create with a blank name is invalid',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ name: '   ' }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create with a name over 80 characters is invalid',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ name: 'x'.repeat(81) }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create without a token hash is invalid',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ token_hash: 'not-a-hash' }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create with an option it does not know is invalid',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ options: { colour: 'red' } }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create in a time zone nobody knows is invalid',
    name: 'feed.create', before: {}, as: 'alice',
    args: args({ options: { time_zone: 'Mars/Olympus_Mons' } }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create past 10 live feeds is invalid',
    name: 'feed.create', before: { feeds: feeds(10) }, as: 'alice',
    args: args(),
    expect: { refused: 'invalid' },
  },
  {
    title: 'feed.create at 10 feeds with one of them revoked is applied',
    name: 'feed.create', before: { feeds: [...feeds(9), { id: 'P99', user: 'alice', revoked: true }] }, as: 'alice',
    args: args(),
    expect: { after: { feeds: { P1: { name: 'My tasks', kind: 'all' } } } },
  },
  {
    title: 'feed.create sent again (same id and token) changes nothing',
    name: 'feed.create', before: { feeds: [{ id: 'P1', user: 'alice', name: 'Kept', hash: 'hash:1' }] }, as: 'alice',
    args: args({ kind: 'all', name: 'Kept' }),
    expect: { after: { feeds: { P1: { name: 'Kept', kind: 'all' } } } },
  },
];

const revoke: MutationCase[] = [
  {
    title: 'feed.revoke takes the feed away',
    name: 'feed.revoke', before: { feeds: [{ id: 'P1', user: 'alice' }] }, as: 'alice',
    args: { id: 'P1' },
    expect: { after: { feeds: { P1: 'gone' } } },
  },
  {
    title: 'feed.revoke of a feed already revoked is an applied no-op',
    name: 'feed.revoke', before: { feeds: [{ id: 'P1', user: 'alice', revoked: true }] }, as: 'alice',
    args: { id: 'P1' },
    expect: { after: { feeds: { P1: 'gone' } } },
  },
  {
    title: 'feed.revoke of a feed that never reached the server changes nothing',
    name: 'feed.revoke', before: {}, as: 'alice',
    args: { id: 'P1' },
    expect: { after: { feeds: { P1: 'gone' } } },
  },
  {
    title: 'feed.revoke of someone else’s feed leaves it live',
    name: 'feed.revoke', before: { feeds: [{ id: 'P1', user: 'bob', name: 'Bob’s' }] }, as: 'alice',
    args: { id: 'P1' },
    expect: { after: { feeds: { P1: { name: 'Bob’s', kind: 'all' } } } },
  },
];

export const FEED_CASES: MutationCase[] = [...create, ...revoke];
