// The pure mutations, their Dexie side and the writes' input checks, as one chunk loaded with the
// first write (core-loader.ts) instead of with the first screen. The sync engine imports them directly.
export { applyMutation, readsOf } from '../mutations';
export { knownRows, loadRows, runMutation, writeChanges } from './rows';
// The completion's apply computes a repeat from the day it's done; its write computes the same here.
export { nextFromDone } from '@/domain/recurrence/from-done';
// What the writes check before a write (a task's repeat needs the recurrence parser).
export { checkColor, normalizeCommentBody, normalizeListName, normalizeStepTitle, validateTaskDraft, validateTaskPatch } from '@/domain/validation';
