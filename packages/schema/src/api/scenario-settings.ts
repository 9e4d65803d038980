import { defineContract } from '../api-contract';
import {
  removeScenarioUserQuerySchema,
  scenarioFeeSavedResponseSchema,
  scenarioPartnersResponseSchema,
  scenarioUsersResponseSchema,
  scorecardDisplayResponseSchema,
  scorecardDisplaySavedResponseSchema,
  trainerAddedResponseSchema,
  userOptionsResponseSchema,
} from '../scenario-calls';
import {
  addPartnerRequestSchema,
  addTrainerRequestSchema,
  addUserRequestSchema,
  scenarioFeeRequestSchema,
  scenarioIdParamsSchema,
  scenarioPartnerParamsSchema,
  scenarioUserParamsSchema,
  scorecardDisplayRequestSchema,
  updatePartnerRequestSchema,
} from '../scenario-requests';

/*
 * The side panel of an approved or published scenario (spec 001 §2, §7): distribution to partners, the SPs,
 * observers and trainer, the scorecard display and the fee. The service checks scenario.admin on the scenario
 * (403 'This scenario cannot be edited in its current status.' otherwise).
 */
const tag = 'Scenarios';
const auth = { type: 'authenticated' } as const;
const params = scenarioIdParamsSchema;

/** GET api/scenario/{id}/{sp|observer|trainer}-options: who may be attached in that role. */
function userOptions(kind: 'sp' | 'observer' | 'trainer') {
  return defineContract({
    method: 'GET',
    path: `/api/scenario/:id/${kind}-options`,
    tag,
    summary: `Users who may be attached as ${kind} (scenario.admin on approved or published scenarios)`,
    access: auth,
    scope: 'object',
    params,
    response: userOptionsResponseSchema,
  });
}

export const scenarioSettingsApi = {
  updatePartner: defineContract({
    method: 'PUT',
    path: '/api/scenario/:id/udpate',
    tag,
    summary: "A distributed partner's job number or featured flag (path spelled as documented)",
    access: auth,
    scope: 'object',
    params,
    body: updatePartnerRequestSchema,
    response: scenarioPartnersResponseSchema,
  }),
  spOptions: userOptions('sp'),
  observerOptions: userOptions('observer'),
  trainerOptions: userOptions('trainer'),
  addPartner: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/add-partner/:partnerId',
    tag,
    summary: 'Distribute to a partner with a job number (uppercased) and featured flag',
    access: auth,
    scope: 'object',
    params: scenarioPartnerParamsSchema,
    body: addPartnerRequestSchema,
    response: scenarioPartnersResponseSchema,
  }),
  removePartner: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/remove-partner/:partnerId',
    tag,
    summary: 'Stop distributing to a partner',
    access: auth,
    scope: 'object',
    params: scenarioPartnerParamsSchema,
    response: scenarioPartnersResponseSchema,
  }),
  addUser: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/add-user',
    tag,
    summary: 'Attach an SP (role 2) or observer (role 3)',
    access: auth,
    scope: 'object',
    params,
    body: addUserRequestSchema,
    response: scenarioUsersResponseSchema,
  }),
  removeUser: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/remove-user/:userId',
    tag,
    summary: 'Detach an SP or observer (optional ?role_id=2|3; both roles otherwise)',
    access: auth,
    scope: 'object',
    params: scenarioUserParamsSchema,
    query: removeScenarioUserQuerySchema,
    response: scenarioUsersResponseSchema,
  }),
  addTrainer: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/add-trainer',
    tag,
    summary: "Set the scenario's trainer",
    access: auth,
    scope: 'object',
    params,
    body: addTrainerRequestSchema,
    response: trainerAddedResponseSchema,
  }),
  scorecardDisplay: defineContract({
    method: 'GET',
    path: '/api/scenario/:id/scorecard-display',
    tag,
    summary: 'Scorecard display options and the current choice',
    access: auth,
    scope: 'object',
    params,
    response: scorecardDisplayResponseSchema,
  }),
  saveScorecardDisplay: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/scorecard-display/save',
    tag,
    summary: 'Choose the scorecard display type',
    access: auth,
    scope: 'object',
    params,
    body: scorecardDisplayRequestSchema,
    response: scorecardDisplaySavedResponseSchema,
  }),
  saveFee: defineContract({
    method: 'POST',
    path: '/api/scenario/:id/scenario-fee/save',
    tag,
    summary: "Set the scenario's fee (a number of at least 1)",
    access: auth,
    scope: 'object',
    params,
    body: scenarioFeeRequestSchema,
    response: scenarioFeeSavedResponseSchema,
  }),
};
