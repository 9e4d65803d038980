import { messageSchema } from '@simvisit/schema';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { type RegisteredRouter, useRouter } from '@tanstack/react-router';
import { apiRequest, onSessionEnded } from '../../lib/api';
import { appConfigQuery } from '../../lib/app-config';
import { stringParam } from '../../lib/search-params';
import { SESSION_KEY, type Session, setSession } from './session';

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

export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async function logout() {
    const partnerSlug = partnerSlugForLogin(queryClient);
    try {
      // GET as documented, but it changes state, so it carries the CSRF header (DESIGN.md §4).
      await apiRequest('/api/logout', { schema: messageSchema, csrf: true, onUnauthenticated: 'ignore' });
    } catch {
      // Signed out on the server or unreachable: the client forgets the session either way.
    }
    clearClientSession(queryClient);
    await router.navigate({ to: '/login', search: { partner_slug: partnerSlug } });
  };
}

/** Any 401/419 (but the auth check) ends the client session and shows the login page (spec 000 §8). */
export function installSessionEndedHandler(router: RegisteredRouter, queryClient: QueryClient): void {
  let leaving = false;
  onSessionEnded(() => {
    if (leaving) return;
    leaving = true;
    const partnerSlug = partnerSlugForLogin(queryClient);
    const { pathname, search, hash } = window.location;
    const here = pathname === '/login' ? undefined : pathname + search + hash;
    clearClientSession(queryClient);
    void router.navigate({ to: '/login', search: { partner_slug: partnerSlug, redirect: here } }).finally(() => {
      leaving = false;
    });
  });
}
