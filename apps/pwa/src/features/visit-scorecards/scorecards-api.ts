import {
  type ScorecardKind,
  type SubmitScorecardRequest,
  submitScorecardResponseSchema,
  visitScorecardResponseSchema,
} from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/**
 * The scorecard calls (spec 001 §7 'Visit submissions', spec 002 §7; decision 0030). SPs and observers answer
 * through their local document (offline first); participant feedback, which learners give online, uses the
 * submit call directly.
 */

export const scorecardKeys = {
  visit: (id: number) => ['visit', id, 'scorecard'] as const,
};

export function scorecardQuery(visitId: number) {
  return queryOptions({
    queryKey: scorecardKeys.visit(visitId),
    queryFn: () => apiRequest(`/api/visit/${visitId}/scorecard`, { schema: visitScorecardResponseSchema }),
    retry: false,
  });
}

const SUBMIT_PATH: Record<ScorecardKind, string> = {
  'feedback-form': 'feedback-form',
  scorecard: 'scorecard',
  'participant-feedback': 'participant-feedback',
};

export function submitScorecard(visitId: number, kind: ScorecardKind, body: SubmitScorecardRequest) {
  return apiRequest(`/api/visit/${visitId}/${SUBMIT_PATH[kind]}/submit`, { method: 'POST', body, schema: submitScorecardResponseSchema });
}
