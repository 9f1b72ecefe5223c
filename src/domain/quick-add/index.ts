// Quick add that understands (SPEC §11.2): the parser, the chips' words and the '#' suggestions.
// Loaded on demand by src/connected/quick-add/quick-add.tsx (a dynamic import, after the first paint or on
// focus), so none of it is in the first screen's bundle; the setting lives in ./preference, which
// the field and Settings import directly. Rules and decisions: README.md.
export { EN, type Unit, type Words, withEnglish } from './en';
export { type ChipKey, type ChipSay, englishChips, keepLabel, keepLabelSaid, partLabel } from './labels';
export { parseQuickAdd, partKey } from './parse';
export { completeList, type HashQuery, hashQueryAt, plusQueryAt, suggestLists, suggestPeople } from './suggest';
export type { Fields, LabelRef, ListRef, ParseOptions, Part, PartKind, PersonRef, QuickAddResult, RepeatValue } from './types';
