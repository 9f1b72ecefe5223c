// The pure mutations, their Dexie side and the mutators' input checks, as one chunk the mutators load on the first write
// (core-loader.ts) instead of with the first screen. The sync engine imports them directly.
export { applyMutation, readsOf } from '../mutations';
export { knownRows, loadRows, runMutation, writeChanges } from './rows';
// What the mutators check before a write (a task's repeat needs the recurrence parser).
export { checkColor, normalizeListName, normalizeStepTitle, validateTaskDraft, validateTaskPatch } from '@/domain/validation';
