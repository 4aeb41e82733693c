import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's offer to install the web app for a button to use later. Chromium fires the event once per
 * page load, often before a lazily loaded page exists, so the app listens from its start.
 */
export function listenForInstallPrompt(target: Window | undefined = globalThis.window) {
  target?.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  target?.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** Shows the browser's own install dialog; the offer is spent whatever the answer. */
async function install() {
  const offer = deferred;
  if (!offer) return;
  deferred = null;
  notify();
  await offer.prompt();
  if ((await offer.userChoice).outcome === 'accepted') installed = true;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => (installed ? 'installed' : deferred ? 'offered' : 'none');

/** Whether the browser offers to install the web app now ('offered'), has installed it, or neither; and the action. */
export function useInstallPrompt(): { state: 'offered' | 'installed' | 'none'; install: () => Promise<void> } {
  const state = useSyncExternalStore(subscribe, snapshot, () => 'none' as const);
  return { state, install };
}
