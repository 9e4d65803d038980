import type { Access } from '@simvisit/schema';
import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { appConfigQuery } from '../../lib/app-config';
import { leaveApp } from '../../lib/leave-app';
import { stringParam } from '../../lib/search-params';
import { ensureSession, recheckSession, type Session } from './session';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /**
     * Who may open the page: the access of the contract the page stands on, named from `ACCESS` (the contract takes
     * the same constant, packages/schema/test/page-access.test.ts), so the page and its calls never disagree.
     * Without it the guard shows the 403 page (spec 000 §4).
     */
    access?: Access;
  }
}

interface GuardArgs {
  queryClient: QueryClient;
  location: ParsedLocation;
}

/**
 * Signed-in pages: the session is checked again when the client thinks nobody is signed in; still signed
 * out → /login?redirect=<path>, keeping the partner_slug of the page.
 */
export async function requireSignedIn({ queryClient, location }: GuardArgs): Promise<Session> {
  const session = await recheckSession(queryClient);
  if (!session) {
    const search = location.search as Record<string, unknown>;
    throw redirect({
      to: '/login',
      search: { redirect: location.href, partner_slug: stringParam(search.partner_slug) },
    });
  }
  if (!session.partner) {
    // A user with no partner belongs on the product's external site (spec 000 §4).
    const config = await queryClient.ensureQueryData(appConfigQuery);
    await leaveApp(config.main_site_url);
  }
  return session;
}

/** Everything but login, forgot, reset and the passcode page itself waits for an approved passcode. */
export function requirePasscode(session: Session, pathname: string): void {
  if (!session.password_approved && pathname !== '/passcode') throw redirect({ to: '/passcode' });
}

/** Whether the signed-in user meets an access rule as the server applies it (apps/sync-server/src/http/guard.ts). */
function meetsAccess(session: Session, access: Access): boolean {
  const isSuperAdmin = session.user.super_admin === 1;
  switch (access.type) {
    case 'super_admin':
      return isSuperAdmin;
    case 'permission':
      return isSuperAdmin || session.permissions.includes(access.permission);
    default:
      // public, authenticated, demo and test pages: being signed in is enough; the server decides the rest.
      return true;
  }
}

/** A page whose `staticData.access` the user does not meet goes to the 403 page. */
export function requireAccess(session: Session, matches: readonly { staticData?: { access?: Access } }[]): void {
  for (const match of matches) {
    const access = match.staticData?.access;
    if (access && !meetsAccess(session, access)) throw redirect({ to: '/error/$code', params: { code: '403' } });
  }
}

/** An authenticated user on the login page goes to the dashboard. */
export async function redirectSignedIn({ queryClient }: Pick<GuardArgs, 'queryClient'>): Promise<void> {
  const session = await ensureSession(queryClient);
  if (session) throw redirect({ to: '/dashboard' });
}
