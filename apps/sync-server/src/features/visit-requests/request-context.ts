/**
 * What every part of the visit requests service stands on: its dependencies, the slot and window rules
 * (request-slots.ts), where a request stands (request-status.ts) and the request page (request-view.ts).
 */
import type { ScenarioFactsRow } from '@simvisit/schema';
import type { AuditService } from '../../platform/audit';
import type { PaymentsService } from '../payments';
import type { VisitEvents } from '../visit-events';
import { createRequestSlots } from './request-slots';
import { createRequestStatus } from './request-status';
import { createRequestView } from './request-view';
import type { VisitRequestsRepository } from './visit-requests.repository';

export interface VisitRequestsDeps {
  repo: VisitRequestsRepository;
  payments: Pick<PaymentsService, 'confirmedPayment' | 'attachRequest' | 'creditFor' | 'grantCredit' | 'useCredit'>;
  visitEvents: VisitEvents;
  audit: AuditService;
  scenarioFacts: (scenarioId: string, viewerId: number) => Promise<ScenarioFactsRow | null>;
}

export function createRequestContext(deps: VisitRequestsDeps) {
  const slots = createRequestSlots(deps);
  const status = createRequestStatus(deps);
  const view = createRequestView({ repo: deps.repo, expireOne: status.expireOne });
  return { ...deps, ...slots, ...status, ...view };
}
export type RequestContext = ReturnType<typeof createRequestContext>;
