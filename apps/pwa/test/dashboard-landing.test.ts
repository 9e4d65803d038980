import { FINANCIAL_REPORT_PATH, PERMISSIONS, permissionsAt, ROLE, type RoleGrant } from '@simvisit/schema';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { dashboardRoute } from '../src/features/dashboard/dashboard-routes';
import { dashboardRedirect } from '../src/features/dashboard/dashboard-view';
import { SESSION_KEY, type Session } from '../src/platform/session';

/** Where /dashboard sends someone (decision 0078): financial admins and report managers with no dashboard role. */

/** Only what the rule reads of a session: roles, current partner, super admin and the permissions there. */
function session(grants: [roleId: number, partnerId: number][], opts: { partner?: number; superAdmin?: boolean } = {}): Session {
  const partner = opts.partner ?? 1;
  const user_roles: RoleGrant[] = grants.map(([role_id, partner_id]) => ({ role_id, partner_id, is_approved: true }));
  return {
    user: { id: 7, super_admin: opts.superAdmin ? 1 : 0, user_roles },
    partner: { id: partner },
    permissions: opts.superAdmin ? [...PERMISSIONS] : permissionsAt(user_roles, partner, false),
  } as unknown as Session;
}

describe('the landing rule', () => {
  it('sends a financial admin or report manager with no dashboard role to the financial report', () => {
    expect(dashboardRedirect(session([[ROLE.financial_admin, 1]]))).toBe(FINANCIAL_REPORT_PATH);
    expect(dashboardRedirect(session([[ROLE.report_manager, 1]]))).toBe('/reports/financial');
    // Admin counts as a dashboard only for super admins, and exclude-from-reports never does (decision 0005).
    expect(
      dashboardRedirect(
        session([
          [ROLE.admin, 1],
          [ROLE.report_manager, 1],
          [ROLE.exclude_from_reports, 1],
        ]),
      ),
    ).toBe(FINANCIAL_REPORT_PATH);
  });

  it('keeps the dashboard for anyone with a dashboard role, super admins, and people without the reports', () => {
    expect(
      dashboardRedirect(
        session([
          [ROLE.financial_admin, 1],
          [ROLE.standardized_patient, 1],
        ]),
      ),
    ).toBeNull();
    expect(
      dashboardRedirect(
        session([
          [ROLE.financial_admin, 1],
          [ROLE.applicant, 1],
        ]),
      ),
    ).toBeNull();
    expect(dashboardRedirect(session([], { superAdmin: true }))).toBeNull();
    expect(dashboardRedirect(session([]))).toBeNull();
    expect(dashboardRedirect(session([[ROLE.admin, 1]]))).toBeNull();
  });

  it('reads the roles at the current partner only', () => {
    // A financial admin at partner 1 signed in at partner 2, where they hold nothing: the applicant dashboard.
    expect(dashboardRedirect(session([[ROLE.financial_admin, 1]], { partner: 2 }))).toBeNull();
    // A learner at partner 1 who manages reports at partner 2, signed in there: the report.
    const both = session(
      [
        [ROLE.learner, 1],
        [ROLE.report_manager, 2],
      ],
      { partner: 2 },
    );
    expect(dashboardRedirect(both)).toBe(FINANCIAL_REPORT_PATH);
  });
});

describe('the /dashboard route', () => {
  async function visit(who: Session): Promise<string | null> {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_KEY, who);
    try {
      await dashboardRoute.options.beforeLoad!({ context: { queryClient } } as never);
      return null;
    } catch (thrown) {
      if (!isRedirect(thrown)) throw thrown;
      return thrown.options.href ?? null;
    }
  }

  it('redirects finance people to the financial report and opens for everyone else', async () => {
    expect(await visit(session([[ROLE.financial_admin, 1]]))).toBe(FINANCIAL_REPORT_PATH);
    expect(await visit(session([[ROLE.learner, 1]]))).toBeNull();
    expect(await visit(session([], { superAdmin: true }))).toBeNull();
  });
});
