import webpush from 'web-push';
import type { Config } from '../../config';
import { fieldError } from '../../http/errors';
import type { PushRepository } from './push.repository';

export interface PushMessage {
  title: string;
  body: string | null;
  url?: string | null;
}

function hostAllowed(host: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p));
}

/**
 * Web Push with VAPID (the profile's push toggle). The key pair comes from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
 * or is made once and kept in the database, so every replica signs with the same key. Subscriptions may only
 * point at the browsers' push services, never at an address of the caller's choosing.
 */
export function createPushService(repo: PushRepository, config: Config, env: NodeJS.ProcessEnv = process.env) {
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const vapid = () => {
    keys ??= (async () => {
      if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
      const fresh = webpush.generateVAPIDKeys();
      return JSON.parse(await repo.settingOnce('vapid_keys', JSON.stringify(fresh))) as { publicKey: string; privateKey: string };
    })();
    return keys;
  };

  return {
    publicKey: async () => (await vapid()).publicKey,

    async subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      const url = new URL(sub.endpoint);
      if (url.protocol !== 'https:' && !config.pushServiceHosts.includes(`${url.protocol}//${url.host}`)) {
        throw fieldError('endpoint', 'The subscription endpoint is not a push service.');
      }
      if (url.protocol === 'https:' && !hostAllowed(url.hostname, config.pushServiceHosts)) {
        throw fieldError('endpoint', 'The subscription endpoint is not a push service.');
      }
      await repo.save(userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    },

    unsubscribe: (userId: number, endpoint: string) => repo.remove(userId, endpoint),

    /** Sends to every subscription of a user who turned push on; gone subscriptions (404/410) are removed. */
    async sendTo(userId: number, message: PushMessage): Promise<number> {
      if (!(await repo.wantsPush(userId))) return 0;
      const { publicKey, privateKey } = await vapid();
      let sent = 0;
      for (const s of await repo.ofUser(userId)) {
        try {
          // web-push encrypts the payload and signs with VAPID; fetch carries it (with a bounded wait).
          const request = webpush.generateRequestDetails(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(message),
            { vapidDetails: { subject: config.vapidSubject, publicKey, privateKey }, TTL: 24 * 3600 },
          );
          const res = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body as Buffer) : null,
            redirect: 'error',
            signal: AbortSignal.timeout(5000),
          });
          if (res.ok) sent++;
          else if (res.status === 404 || res.status === 410) await repo.removeEndpoint(s.endpoint);
          else console.error('[push] delivery refused:', res.status);
        } catch (err) {
          console.error('[push] delivery failed:', err instanceof Error ? err.message : err);
        }
      }
      return sent;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
