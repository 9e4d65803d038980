import { brandPasswordsApi, recruitmentApi, userManagementApi } from '@simvisit/schema';
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { requireAccess } from '../src/platform/session';
import type { Session } from '../src/platform/session/session';

/** Only what the guard reads of a session. */
function session(superAdmin: boolean, permissions: string[]): Session {
  return { user: { super_admin: superAdmin ? 1 : 0 }, permissions } as unknown as Session;
}

/** Where the guard sends the user: null when the page opens. */
function verdict(who: Session, access: Parameters<typeof requireAccess>[1][number]['staticData']): string | null {
  try {
    requireAccess(who, [{ staticData: {} }, { staticData: access }]);
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return `${thrown.options.to} ${JSON.stringify(thrown.options.params)}`;
  }
}

const forbidden = '/error/$code {"code":"403"}';

describe("the route guard reads the page's contract access", () => {
  it('opens a super admin page to super admins only', () => {
    const access = { access: brandPasswordsApi.list.access };
    expect(verdict(session(true, []), access)).toBeNull();
    expect(verdict(session(false, ['user.view_list', 'applicant.view']), access)).toBe(forbidden);
  });

  it('opens a permission page to holders of the permission and to super admins', () => {
    const access = { access: userManagementApi.list.access };
    expect(verdict(session(false, ['user.view_list']), access)).toBeNull();
    expect(verdict(session(true, []), access)).toBeNull();
    expect(verdict(session(false, ['applicant.view']), access)).toBe(forbidden);
    expect(verdict(session(false, ['applicant.view']), { access: recruitmentApi.pending.access })).toBeNull();
  });

  it('leaves pages open to any signed-in user, or without an access, to the server', () => {
    expect(verdict(session(false, []), { access: { type: 'authenticated' } })).toBeNull();
    expect(verdict(session(false, []), {})).toBeNull();
  });
});
