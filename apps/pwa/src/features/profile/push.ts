import { pushApi, pushSubscriptionSchema } from '@simvisit/schema';
import { apiCall } from '../../lib/api';

/**
 * Web Push on this device (the profile's push switch): permission, a subscription through the service
 * worker's pushManager with the server's VAPID key, and the subscription handed to the server. Failures are
 * PushProblems whose message is meant for the person.
 */

export class PushProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushProblem';
  }
}

export const PUSH_MESSAGES = {
  unsupported: 'This browser does not support push notifications, so they stay off on this device.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  dismissed: 'Push notifications stay off: the browser did not get permission to show notifications.',
  noWorker: 'Push notifications need the installed app’s service worker, which is not running. Reload the page and try again.',
  refused: 'This browser could not set up push notifications (its push service refused or is unreachable). They stay off.',
} as const;

const WORKER_WAIT_MS = 10_000;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, or null when none becomes active in time (development, blocked). */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** This device's current subscription, if any (for the switch's hint). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks permission, subscribes this browser and registers the subscription with the server. */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new PushProblem(PUSH_MESSAGES.unsupported);
  if (Notification.permission === 'denied') throw new PushProblem(PUSH_MESSAGES.denied);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushProblem(PUSH_MESSAGES.denied);
  if (permission !== 'granted') throw new PushProblem(PUSH_MESSAGES.dismissed);

  const registration = await activeRegistration();
  if (!registration) throw new PushProblem(PUSH_MESSAGES.noWorker);
  const { public_key } = await apiCall(pushApi.publicKey);
  const key = keyBytes(public_key);

  let subscription: PushSubscription;
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && !sameKey(existing, key)) await existing.unsubscribe();
    subscription =
      existing && sameKey(existing, key)
        ? existing
        : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushProblem(PUSH_MESSAGES.refused);
  }
  const body = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!body.success) {
    await subscription.unsubscribe().catch(() => undefined);
    throw new PushProblem(PUSH_MESSAGES.refused);
  }
  await apiCall(pushApi.subscribe, { body: body.data });
}

/** Forgets this browser's subscription, on the server and in the browser. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiCall(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe().catch(() => undefined);
}
