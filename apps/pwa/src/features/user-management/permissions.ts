import type { Permission } from '@simvisit/schema';
import { useSignedInSession } from '../../platform/session';

/** Whether the signed-in user holds a permission at the current partner; super admins hold all (spec 000 §6). */
export function useCan(): (permission: Permission) => boolean {
  const session = useSignedInSession();
  const superAdmin = session.user.super_admin === 1;
  return (permission) => superAdmin || session.permissions.includes(permission);
}

export function useIsSuperAdmin(): boolean {
  return useSignedInSession().user.super_admin === 1;
}
