import { type ScoringAgreementQuery, scoringAgreementApi } from '@simvisit/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** The scoring agreement calls (packages/schema/src/api/scoring-agreement.ts) as React Query hooks. */
export const scoringAgreementKeys = {
  scenarios: ['scoring-agreement', 'scenarios'] as const,
  report: (q: ScoringAgreementQuery) => ['scoring-agreement', 'report', q.scenario_id, q.from, q.to] as const,
};

export function useScoringScenarios() {
  return useQuery({ queryKey: scoringAgreementKeys.scenarios, queryFn: () => apiCall(scoringAgreementApi.scenarios) });
}

/** The report of a checked query; nothing is asked before a scenario and both dates are chosen. */
export function useScoringAgreement(query: ScoringAgreementQuery | null) {
  return useQuery({
    queryKey: query ? scoringAgreementKeys.report(query) : ['scoring-agreement', 'report', 'none'],
    queryFn: () => apiCall(scoringAgreementApi.report, { query: query! }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
