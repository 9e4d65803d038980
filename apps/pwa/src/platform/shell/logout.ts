import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { type RegisteredRouter, useRouter } from '@tanstack/react-router';
import { onSessionEnded } from '../../lib/api';
import { appConfigQuery } from '../../lib/app-config';
import { forgetUser } from '../../lib/offline-cache';
import { stringParam } from '../../lib/search-params';
import { forgetSessionOnDevice, logoutOnServer, SESSION_KEY, type Session, setSession } from '../session';
import { closeStore, flushPendingWrites, getSyncState, openStore, removeStore, unsyncedChanges } from '../sync';
import { askToDiscard, hideLogoutPrompt, showFlushing } from './logout-prompt';

/**
 * The partner_slug the login page needs to show the same brand again: the one in the address, else the
 * session's partner, unless the subdomain already names it.
 */
function partnerSlugForLogin(queryClient: QueryClient): string | undefined {
  const fromUrl = stringParam(new URLSearchParams(window.location.search).get('partner_slug'));
  if (fromUrl) return fromUrl;
  if (queryClient.getQueryData(appConfigQuery.queryKey)?.host_partner_slug) return undefined;
  return queryClient.getQueryData<Session | null>(SESSION_KEY)?.partner?.slug;
}

/** Forgets everything the signed-in user loaded; the deployment's config stays. */
function clearClientSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== appConfigQuery.queryKey[0] });
  setSession(queryClient, null);
}

const SESSION_CHANNEL = 'simvisit-session';

/** Cache Storage besides the service worker's app shell (which holds no user data). */
async function clearUserCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys().catch(() => [] as string[]);
  await Promise.all(names.filter((n) => !n.startsWith('workbox-precache')).map((n) => caches.delete(n)));
}

function broadcastLogout(): void {
  if (!('BroadcastChannel' in window)) return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: 'logout' });
  channel.close();
}

export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async function logout() {
    // The store opens once the first page has settled (decision 0085, fifth pass): a logout before that opens it
    // first, so the writes an earlier visit left on the device are pushed or counted, and the database is removed.
    const session = queryClient.getQueryData<Session | null>(SESSION_KEY);
    if (session) await openStore(session).catch(() => undefined);
    // Pending writes are pushed first (REP-09); what cannot be sent is discarded only when the person agrees.
    if ((await unsyncedChanges()) > 0) {
      showFlushing();
      const unsynced = await flushPendingWrites();
      hideLogoutPrompt();
      if (unsynced > 0 && !(await askToDiscard(unsynced))) return;
    }
    const partnerSlug = partnerSlugForLogin(queryClient);
    const userId = queryClient.getQueryData<Session | null>(SESSION_KEY)?.user.id ?? getSyncState().userId;
    await logoutOnServer();
    clearClientSession(queryClient);
    // The user's local database, their cached answers and caches leave the device (ASVS 14.3.1).
    await removeStore();
    if (userId) forgetUser(userId);
    forgetSessionOnDevice(userId);
    await clearUserCaches();
    broadcastLogout();
    await router.navigate({ to: '/login', search: { partner_slug: partnerSlug } });
  };
}

/**
 * Any 401/419 (but the auth check) ends the client session and shows the login page (spec 000 §8). The
 * local store is closed but kept: writes not yet pushed are sent after the person signs in again (REP-09).
 * A logout in another tab ends this tab's session the same way.
 */
export function installSessionEndedHandler(router: RegisteredRouter, queryClient: QueryClient): void {
  let leaving = false;
  const end = () => {
    if (leaving) return;
    leaving = true;
    const partnerSlug = partnerSlugForLogin(queryClient);
    const { pathname, search, hash } = window.location;
    const here = pathname === '/login' ? undefined : pathname + search + hash;
    forgetSessionOnDevice(queryClient.getQueryData<Session | null>(SESSION_KEY)?.user.id ?? null);
    clearClientSession(queryClient);
    void closeStore();
    void router.navigate({ to: '/login', search: { partner_slug: partnerSlug, redirect: here } }).finally(() => {
      leaving = false;
    });
  };
  onSessionEnded(end);
  if ('BroadcastChannel' in window) {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'logout' && queryClient.getQueryData(SESSION_KEY)) end();
    };
  }
}
