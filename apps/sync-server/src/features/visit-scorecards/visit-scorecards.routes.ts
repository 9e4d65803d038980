import {
  type ScorecardKind,
  submitScorecardRequestSchema,
  submitScorecardResponseSchema,
  visitScorecardResponseSchema,
} from '@simvisit/schema';
import { z } from 'zod';
import { actorOf } from '../../http/actor';
import { type AnyRoute, defineRoute } from '../../http/route';

/*
 * Visit submissions (spec 001 §7; spec 002 §7): the scorecard load (`view`, `visit`) and the three submits with
 * `responses` of question_id and response. Paths as in docs/decisions/0030-visit-scorecards.md; the answers of
 * SPs and observers also arrive offline through /sync/v1/visit_scorecards/push (same rules).
 */
const tag = 'Visit scorecards';
const signedIn = { type: 'authenticated' } as const;
const params = z.object({ id: z.string().max(20) });

const SUBMITS: { path: string; kind: ScorecardKind; summary: string }[] = [
  {
    path: 'scorecard',
    kind: 'scorecard',
    summary: "Submit the caller's observer scorecard; completes the visit's scorecard once every observer is done",
  },
  { path: 'feedback-form', kind: 'feedback-form', summary: 'Submit the SP scorecard (the feedback form) as the SP; completes the visit' },
  { path: 'participant-feedback', kind: 'participant-feedback', summary: 'Submit participant feedback as the learner of a complete visit' },
];

/** The scorecard load: spec 001 §7 documents it as a POST ("fetch"); the PWA reads it with the GET. */
const scorecardLoad = (method: 'GET' | 'POST') =>
  defineRoute({
    method,
    path: '/api/visit/:id/scorecard',
    tag,
    summary: 'The visit scorecard page: view (form, observer_complete, learner_complete), the visit and the forms the caller may see',
    access: signedIn,
    scope: 'object',
    // A read whichever the method: the POST of the spec changes nothing, so it needs no CSRF token either.
    stateChanging: false,
    params,
    response: visitScorecardResponseSchema,
    handler: async ({ c, params: p }) => c.var.services.visitScorecards.scorecard(await actorOf(c), p.id),
  });

export const visitScorecardsRoutes: AnyRoute[] = [
  scorecardLoad('GET'),
  scorecardLoad('POST'),
  ...SUBMITS.map((s) =>
    defineRoute({
      method: 'POST',
      path: `/api/visit/:id/${s.path}/submit`,
      tag,
      summary: `${s.summary}. 422 'Response is required' per open question; 409 when already submitted`,
      access: signedIn,
      scope: 'object',
      params,
      body: submitScorecardRequestSchema,
      response: submitScorecardResponseSchema,
      handler: async ({ c, params: p, body }) => c.var.services.visitScorecards.submit(await actorOf(c), p.id, s.kind, body),
    }),
  ),
];
