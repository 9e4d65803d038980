import { registerSW } from 'virtual:pwa-register';
import { useSyncExternalStore } from 'react';

/**
 * The service worker (vite-plugin-pwa, registerType 'prompt'): a new version waits until the person
 * reloads, and the shell offers the reload only when no writes are pending (UpdatePrompt.tsx).
 */

interface UpdateState {
  /** A new version is installed and waiting. */
  needRefresh: boolean;
  /** The app shell is cached: the app opens without a network. */
  offlineReady: boolean;
}

let state: UpdateState = { needRefresh: false, offlineReady: false };
const listeners = new Set<() => void>();
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;

function set(patch: Partial<UpdateState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const HOUR = 60 * 60 * 1000;

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || updateServiceWorker) return;
  updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true }),
    onOfflineReady: () => set({ offlineReady: true }),
    onRegisteredSW: (_url, registration) => {
      // Long-lived tabs look for a new version every hour (and the browser does on navigations).
      if (registration) setInterval(() => void registration.update().catch(() => undefined), HOUR);
    },
    onRegisterError: (error) => console.warn('The service worker could not be registered.', error),
  });
}

export function useAppUpdate(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Activates the waiting version and reloads into it. */
export async function applyUpdate(): Promise<void> {
  if (updateServiceWorker && state.needRefresh) await updateServiceWorker(true);
  else window.location.reload();
}

export function dismissUpdate(): void {
  set({ needRefresh: false });
}

const RELOAD_GUARD = 'simvisit:outdated-reload-at';

/**
 * The server answered 426: this build is too old to sync. Pending writes stay in the local store (the new
 * build opens the same database and pushes them), so the app fetches the new version and reloads into it.
 * A guard stops a reload loop when the server keeps refusing the newest build it serves.
 */
export async function reloadForNewVersion(): Promise<void> {
  const last = Number(sessionStorage.getItem(RELOAD_GUARD) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOAD_GUARD, String(Date.now()));
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    await registration.update().catch(() => undefined);
    for (let waited = 0; !state.needRefresh && waited < 15_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (state.needRefresh && updateServiceWorker) {
      await updateServiceWorker(true);
      return;
    }
  }
  window.location.reload();
}
