// "Saved offline — will sync when you're back" once per offline spell (SPEC §8), and the spell
// remembered in the store so a reload (or a new leader tab) during it neither says it twice nor
// forgets to say "Synced N changes" after it.
import { isLeadershipLost, type SyncStore } from './ports';

export interface OfflineSpell {
  /** Whether a spell is on now (the runs that end it report "Synced N changes"). */
  readonly active: boolean;
  /** Reads back a spell from before this start; every run waits for it (`restored`). */
  restore(): void;
  readonly restored: Promise<void>;
  /** Offline now: starts a spell and says "Saved offline" once, when something is queued. */
  enter(): void;
  /** A run succeeded; `online` says whether the spell is over. */
  succeeded(online: boolean): void;
}

export function offlineSpell(store: SyncStore, startOffline: boolean, opts: { canSay: () => boolean; say: () => void }): OfflineSpell {
  let active = startOffline;
  let shown = false;
  let restored: Promise<void> = Promise.resolve();
  // A tab that lost the database to another (LeadershipLost: its writes are fenced off) leaves
  // remembering to the tab that syncs now — expected, not an error.
  const remember = (value: boolean) =>
    void store.setOfflineSavedShown(value).catch((err: unknown) => {
      if (!isLeadershipLost(err)) console.error('could not remember the offline toast', err);
    });
  return {
    get active() {
      return active;
    },
    get restored() {
      return restored;
    },
    restore() {
      restored = store
        .offlineSavedShown()
        .catch(() => false)
        .then((wasShown) => {
          if (!wasShown) return;
          active = true;
          shown = true;
        });
    },
    enter() {
      if (!active) {
        active = true;
        shown = false;
      }
      void restored.then(() => {
        if (!active || shown || !opts.canSay()) return;
        shown = true;
        opts.say();
        remember(true);
      });
    },
    succeeded(online) {
      active = !online;
      if (online && shown) {
        shown = false;
        remember(false);
      }
    },
  };
}
