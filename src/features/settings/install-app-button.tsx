// Settings → Install. Chrome fires `beforeinstallprompt` once, often right after load and before
// this screen exists, so the event is stashed in a module-level store: call
// `captureInstallPrompt()` at boot to catch it early (the component also calls it, for late events).
import { useEffect, useSyncExternalStore } from 'react';
import { t } from './messages';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  offer: BeforeInstallPromptEvent | null;
  installed: boolean;
}

const STANDALONE = '(display-mode: standalone)';
let state: InstallState = { offer: null, installed: false };
const listeners = new Set<() => void>();
let capturing = false;

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const standalone = () => typeof window.matchMedia === 'function' && window.matchMedia(STANDALONE).matches;

/** Starts listening for the install offer and for installation; safe to call more than once. */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  state = { ...state, installed: standalone() };
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; Settings offers the install instead.
    event.preventDefault();
    set({ offer: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ offer: null, installed: true }));
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(STANDALONE).addEventListener?.('change', (e) => set({ installed: e.matches }));
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function InstallAppButton() {
  useEffect(() => captureInstallPrompt(), []);
  const { offer, installed } = useSyncExternalStore(subscribe, getState, getState);

  if (installed) return <p className="settings-text">{t('settings.installed')}</p>;
  if (!offer) {
    return (
      <p className="settings-text settings-muted">{t('settings.installNotOffered')}</p>
    );
  }

  async function install() {
    if (!offer) return;
    // An offer can be used once; the browser fires a fresh one later if this one is dismissed.
    set({ offer: null });
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'accepted') set({ installed: true });
  }

  return (
    <div className="settings-row">
      <p className="settings-text">{t('settings.installText')}</p>
      <button type="button" className="btn btn-primary" onClick={install}>
        {t('settings.installApp')}
      </button>
    </div>
  );
}
