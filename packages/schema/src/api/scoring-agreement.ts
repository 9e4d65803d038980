import { ACCESS } from '../api-access';
import { defineContract } from '../api-contract';
import { scoringAgreementQuerySchema, scoringAgreementResponseSchema, scoringScenariosResponseSchema } from '../scoring-agreement-report';

/*
 * The scoring agreement report (issue 20 item 7; docs/decisions/0077). Admins and head trainers hold
 * `scenario.admin` at their partner (super admins hold everything), so that permission is the door; the service
 * answers 404 for a scenario outside the caller's partner and reads only that partner's visits.
 */
const access = ACCESS.scenarioAdmin;

export const scoringAgreementApi = {
  scenarios: defineContract({
    method: 'GET',
    path: '/api/reports/scoring-agreement/scenarios',
    tag: 'Reports',
    summary: "The report's scenario picker: scenarios with completed visits at the caller's partner (every partner for super admins)",
    access,
    scope: 'partner',
    response: scoringScenariosResponseSchema,
  }),
  report: defineContract({
    method: 'GET',
    path: '/api/reports/scoring-agreement',
    tag: 'Reports',
    summary:
      "How far the SP's and observers' scorecards of the same visits agree, per question (percent agreement, Cohen's kappa, Gwet's AC1, weighted kappa), the ICC of the totals and each scorer's drift by month",
    access,
    scope: 'partner',
    query: scoringAgreementQuerySchema,
    response: scoringAgreementResponseSchema,
  }),
};
