// The pure mutations and their Dexie side, as one chunk the mutators load on the first write
// (mutation-loader.ts) instead of with the first screen. The sync engine imports them directly.
export { applyMutation, readsOf } from './mutations';
export { loadRows, runMutation } from './mutation-rows';
