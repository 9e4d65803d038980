import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the browser says it has a network. The steps that need the server (booking, paying) say so from this
 * at once instead of waiting for a call to fail (issue 22 item 4, decision 0090); a server that cannot be reached
 * while the browser is online still answers with the call's own failure.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** What a step that needs the server says offline. */
export const NEEDS_CONNECTION = {
  scheduling:
    'You are offline. Scheduling a visit needs a connection: the free times and the fee come from the server. Open this page again when you are back online.',
  sending: 'You are offline. Sending your visit request needs a connection; your dates stay chosen until you are back online.',
  paying: 'You are offline. Paying needs a connection; nothing has been charged. Pay when you are back online.',
  smsOptIn: 'You are offline. Turning on text messages needs a connection: we text your number a code. Opt in when you are back online.',
} as const;
