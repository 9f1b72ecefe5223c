// What the open task form lets its dialog do. Its own file so the dialog and the form both
// depend on it instead of on each other.
export interface TaskFormHandle {
  /** Saves pending text; resolves to false when it was refused and the dialog must stay open. */
  flush: () => Promise<boolean>;
  /** Takes Escape when the form has something of its own to close (the date picker): true if it did. */
  escape: () => boolean;
}
