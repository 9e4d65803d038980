import { createRoute, redirect } from '@tanstack/react-router';
import { ensureSession } from '../../platform/session';
import { signedInLayoutRoute } from '../../platform/shell';

/** Partner Registration Fields (spec 002 §2.11): super admins only, as the server refuses everyone else. */
export const registrationFieldsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/registration-fields',
  beforeLoad: async ({ context }) => {
    const session = await ensureSession(context.queryClient);
    if (session?.user.super_admin !== 1) throw redirect({ to: '/error/$code', params: { code: '403' } });
  },
}).lazy(() => import('./registration-fields-routes.lazy').then((d) => d.registrationFieldsLazyRoute));

export const registrationFieldsRoutes = { signedIn: [registrationFieldsRoute] };
