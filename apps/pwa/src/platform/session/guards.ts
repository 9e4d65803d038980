import type { Permission } from '@simvisit/schema';
import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { appConfigQuery } from '../../lib/app-config';
import { leaveApp } from '../../lib/leave-app';
import { stringParam } from '../../lib/search-params';
import { ensureSession, recheckSession, type Session } from './session';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** A permission the page needs; without it the guard shows the 403 page (spec 000 §4). */
    permission?: Permission;
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

/** A page declaring `staticData.permission` the user lacks goes to the 403 page. */
export function requirePermissions(session: Session, matches: readonly { staticData?: { permission?: Permission } }[]): void {
  const isSuperAdmin = session.user.super_admin === 1;
  for (const match of matches) {
    const permission = match.staticData?.permission;
    if (permission && !isSuperAdmin && !session.permissions.includes(permission)) {
      throw redirect({ to: '/error/$code', params: { code: '403' } });
    }
  }
}

/** An authenticated user on the login page goes to the dashboard. */
export async function redirectSignedIn({ queryClient }: Pick<GuardArgs, 'queryClient'>): Promise<void> {
  const session = await ensureSession(queryClient);
  if (session) throw redirect({ to: '/dashboard' });
}

/** The partner administration screens are the super admins' (spec 000 §2.2); others get the 403 page. */
export async function requireSuperAdmin({ context }: { context: { queryClient: QueryClient } }): Promise<void> {
  const session = await ensureSession(context.queryClient);
  if (session?.user.super_admin !== 1) throw redirect({ to: '/error/$code', params: { code: '403' } });
}
