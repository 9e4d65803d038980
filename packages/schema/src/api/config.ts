import { defineContract } from '../api-contract';
import { appConfigSchema } from '../app-config';

/** What the PWA needs to know about this deployment before anyone signs in. */
export const configApi = {
  show: defineContract({
    method: 'GET',
    path: '/api/config',
    tag: 'Config',
    summary: 'Deployment settings the app needs before sign-in',
    access: { type: 'public' },
    scope: 'none',
    response: appConfigSchema,
  }),
};
