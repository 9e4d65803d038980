import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { ensureSession } from '../../platform/session';

/** The partner administration screens are the super admins' (spec 000 §2.2); others get the 403 page. */
export async function requireSuperAdmin({ context }: { context: { queryClient: QueryClient } }): Promise<void> {
  const session = await ensureSession(context.queryClient);
  if (session?.user.super_admin !== 1) throw redirect({ to: '/error/$code', params: { code: '403' } });
}
