import { applicationsResponseSchema } from '@simvisit/schema';
import { type AnyRoute, defineRoute } from '../../http/route';

export const applicationsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/user/applications',
    tag: 'Applications',
    summary: "The caller's role applications, alerts, quote requests and quotes",
    access: { type: 'authenticated' },
    scope: 'self',
    response: applicationsResponseSchema,
    handler: ({ c }) => c.var.services.applications.forUser(c.var.user!.id),
  }),
];
