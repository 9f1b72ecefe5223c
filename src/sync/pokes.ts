// The engine follows one user's pokes while it may run (this tab leads, signed in, session
// live): a poke caused by another device, or the subscription coming back after a gap (pokes
// sent meanwhile are lost), asks for a run. This device's own pokes are ignored: the run that
// pushed the change pulls anyway.
import type { PokeSource } from './ports';

export interface PokeFollower {
  /** Subscribes or unsubscribes to match `on`. */
  follow(on: boolean): void;
}

export function pokeFollower(source: PokeSource | undefined, ownClientId: () => string | null, poked: () => void): PokeFollower {
  let unsubscribe: (() => void) | null = null;
  return {
    follow(on) {
      if (!source) return;
      if (on && !unsubscribe) {
        // a source may still call back while it is being torn down
        let live = true;
        const stop = source({
          onPoke(poke) {
            if (live && (poke.clientId === null || poke.clientId !== ownClientId())) poked();
          },
          onResubscribed() {
            if (live) poked();
          },
        });
        unsubscribe = () => {
          live = false;
          stop();
        };
      } else if (!on && unsubscribe) {
        const stop = unsubscribe;
        unsubscribe = null;
        stop();
      }
    },
  };
}
