// The picture of Today that public/boot.js paints before the app's JS has run, so a cold start shows rows at once. This
// side saves it while Today is on show and takes it down once Today has drawn its own rows.
// A picture is only as good as its freshness, so it is kept only while Today is the screen on
// show: leaving Today forgets it (a change made on another screen would otherwise flash back
// for a moment at the next start). Keep the key and the record's shape in step with boot.js.
import { useEffect, useLayoutEffect } from 'react';
import { ACCOUNT_KEY } from '@/sync/stored-account';
import { loadOnce } from '@/lib/load-once';
import { localStore } from '@/lib/local-storage';
import { removeBootShell } from './boot-host';

export const SNAPSHOT_KEY = 'daybook-snapshot';
/** After a change, save once things have been quiet this long (a save serialises the screen). */
const SAVE_AFTER_MS = 1000;

export interface BootSnapshot {
  v: 1;
  /** The local day it shows ('YYYY-MM-DD'): another day's Today is another list. */
  day: string;
  /** Whose tasks (the remembered account), null on a device used without an account. */
  user: string | null;
  /** The shell's layout: the picture is only right at a width with the same layout. */
  wide: boolean;
  /** The styles it was drawn with, so an update of the app's CSS never misdraws an old picture. */
  css: string;
  html: string;
}

/**
 * How a picture is taken (./boot-picture.ts) loads once Today's rows are drawn, not with the
 * first screen; until it is there, a page hidden keeps the picture saved before.
 */
const picture = loadOnce(() => import('./boot-picture'));
const loadPicture = () => picture.load();

const saveNow = () => picture.loaded()?.saveBootSnapshot();
/** Counts forgets, so that a save waiting for the chunk does not bring back a forgotten picture. */
let forgets = 0;

function saveSoon(): void {
  const at = forgets;
  void loadPicture().then(
    (m) => {
      if (at === forgets) void m.saveBootSnapshotSliced();
    },
    () => undefined,
  );
}

export function forgetBootSnapshot(): void {
  forgets += 1;
  picture.loaded()?.cancelSlicedSave();
  try {
    localStore()?.removeItem(SNAPSHOT_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * For the Today screen. `ready`: its rows are drawn (the picture comes down in the same frame, a
 * layout effect runs before the browser paints). `content` changes whenever what it shows does;
 * a save follows once that has been quiet for a moment, and whenever the page is hidden or left.
 */
export function useBootSnapshot(ready: boolean, content: unknown): void {
  useLayoutEffect(() => {
    if (ready) removeBootShell();
  }, [ready]);

  useEffect(() => {
    if (ready) void loadPicture().catch(() => undefined);
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', saveNow);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', saveNow);
    };
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    void content; // a save after every change of what the screen shows
    const timer = setTimeout(saveSoon, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ready, content]);

  // Leaving Today: the picture would go stale while another screen is on show. Another tab
  // signing in or out: this one's picture is of the account that was (its next save is not).
  useEffect(() => {
    const onAccount = (e: StorageEvent) => {
      if (e.key === ACCOUNT_KEY || e.key === null) forgetBootSnapshot();
    };
    window.addEventListener('storage', onAccount);
    return () => {
      window.removeEventListener('storage', onAccount);
      forgetBootSnapshot();
    };
  }, []);
}
