import { defineContract } from '../api-contract';
import { scoringAgreementQuerySchema, scoringAgreementResponseSchema } from '../scoring-agreement-report';

/*
 * The scoring agreement report (issue 20 item 7; docs/decisions/0077). Admins and head trainers hold
 * `scenario.admin` at their partner (super admins hold everything), so that permission is the door; the service
 * answers 404 for a scenario outside the caller's partner and reads only that partner's visits.
 */
export const scoringAgreementApi = {
  report: defineContract({
    method: 'GET',
    path: '/api/reports/scoring-agreement',
    tag: 'Reports',
    summary:
      "How far the SP's and observers' scorecards of the same visits agree, per question (percent agreement, Cohen's kappa, Gwet's AC1, weighted kappa), the ICC of the totals and each scorer's drift by month",
    access: { type: 'permission', permission: 'scenario.admin' },
    scope: 'partner',
    query: scoringAgreementQuerySchema,
    response: scoringAgreementResponseSchema,
  }),
};
