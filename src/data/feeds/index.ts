// Calendar feeds (SPEC §19) for Settings: loaded with its section, not with the first screen.
export { type HeldFeed, listFeeds, useFeeds } from './hooks';
export { feeds, type NewFeed } from './write';
