import { testSupportApi as api } from '@simvisit/schema';
import { type AnyRoute, implement } from '../../http/route';
import { advanceTestClock, clock, resetTestClock, setTestTime } from '../../platform/clock';
import {
  createTestApplicant,
  createTestInterview,
  createTestPartner,
  createTestTrainingSession,
  createTestUser,
  createTestVisit,
  createTestVisitRequest,
} from '../../seed/test-factories';

/**
 * The test clock and the test data factories (contracts in packages/schema/src/api/test-support.ts). Mounted only
 * in test mode (TEST_MODE=true), which production refuses (docs/decisions/0039).
 */
export const testSupportRoutes: AnyRoute[] = [
  implement(api.clock, () => ({ now: clock.now().toISOString() })),
  implement(api.setClock, ({ body }) => {
    const now =
      'now' in body ? setTestTime(new Date(body.now)) : 'advance_ms' in body ? advanceTestClock(body.advance_ms) : resetTestClock();
    return { now: now.toISOString() };
  }),
  implement(api.createUser, ({ c, body }) => createTestUser(c.var.db, body)),
  implement(api.createVisit, ({ c, body }) => createTestVisit(c.var.db, body)),
  implement(api.createVisitRequest, ({ c, body }) => createTestVisitRequest(c.var.db, body)),
  implement(api.createTrainingSession, ({ c, body }) => createTestTrainingSession(c.var.db, body)),
  implement(api.createInterview, ({ c, body }) => createTestInterview(c.var.db, body)),
  implement(api.createApplicant, ({ c, body }) => createTestApplicant(c.var.db, body)),
  implement(api.createPartner, ({ c, body }) => createTestPartner(c.var.db, body)),
];
