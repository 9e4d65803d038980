import { type ScorecardKind, type SubmitScorecardRequest, scorecardSubmitCalls, visitScorecardsApi } from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

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
    queryFn: () => apiCall(visitScorecardsApi.scorecard, { params: { id: String(visitId) } }),
    retry: false,
  });
}

export function submitScorecard(visitId: number, kind: ScorecardKind, body: SubmitScorecardRequest) {
  return apiCall(scorecardSubmitCalls[kind], { params: { id: String(visitId) }, body });
}
