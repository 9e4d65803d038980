import { defineContract } from '../api-contract';
import { applicationsResponseSchema } from '../applications';

/** The applicant dashboard's list (spec 000 §7). */
export const applicationsApi = {
  mine: defineContract({
    method: 'GET',
    path: '/api/user/applications',
    tag: 'Applications',
    summary: "The caller's role applications, alerts, quote requests and quotes",
    access: { type: 'authenticated' },
    scope: 'self',
    response: applicationsResponseSchema,
  }),
};
