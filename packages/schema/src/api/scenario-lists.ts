import { defineContract } from '../api-contract';
import {
  createScenarioRequestSchema,
  distributionPartnersResponseSchema,
  giftcardCampaignsResponseSchema,
  partnerScenariosResponseSchema,
  patientImageResponseSchema,
  patientImagesResponseSchema,
  scenarioCreatedResponseSchema,
} from '../scenario-calls';
import { cloneScenarioRequestSchema, scenarioIdParamsSchema } from '../scenario-requests';
import {
  authoringListsSchema,
  reviewingListsSchema,
  scenarioIdResponseSchema,
  scenarioPageQuerySchema,
  scenarioPageSchema,
} from '../scenario-views';

/*
 * The scenario lists, the calls that make a scenario (create, clone) and the reference lists of the authoring
 * page (spec 001 §7). Access is 'authenticated' where the rules depend on the caller's permissions and the
 * scenario: the service applies them.
 */
const tag = 'Scenarios';
const auth = { type: 'authenticated' } as const;

/** One scenario dashboard tab (spec 001 §2): GET api/scenarios/{tab}, 10 a page. */
function tabList(tab: string) {
  return defineContract({
    method: 'GET',
    path: `/api/scenarios/${tab}`,
    tag,
    summary: `The scenario dashboard tab '${tab}', 10 a page`,
    access: auth,
    scope: 'partner',
    query: scenarioPageQuerySchema,
    response: scenarioPageSchema,
  });
}

export const scenarioListsApi = {
  published: defineContract({
    method: 'GET',
    path: '/api/scenario',
    tag,
    summary: 'Published scenarios the caller may see (the learner catalogue: partners 1 and 28 use the general list), 10 a page',
    access: auth,
    scope: 'partner',
    query: scenarioPageQuerySchema,
    response: scenarioPageSchema,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/scenario',
    tag,
    summary: 'Create a draft scenario; the caller is its author (scenario.create or scenario.admin)',
    access: auth,
    scope: 'none',
    body: createScenarioRequestSchema,
    response: scenarioCreatedResponseSchema,
  }),
  clone: defineContract({
    method: 'POST',
    path: '/api/scenario/clone',
    tag,
    summary: 'Copy a scenario the caller may see into a new draft of theirs (scenario.clone)',
    access: { type: 'permission', permission: 'scenario.clone' },
    scope: 'object',
    body: cloneScenarioRequestSchema,
    response: scenarioIdResponseSchema,
  }),
  authoring: defineContract({
    method: 'GET',
    path: '/api/scenarios/authoring',
    tag,
    summary: "The author dashboard: the caller's drafts, scenarios in review, in edit and approved",
    access: auth,
    scope: 'self',
    response: authoringListsSchema,
  }),
  reviewing: defineContract({
    method: 'GET',
    path: '/api/scenarios/reviewing',
    tag,
    summary: 'The reviewer dashboard: approved, in edit and in review under the caller, and those needing a reviewer',
    access: auth,
    scope: 'self',
    response: reviewingListsSchema,
  }),
  myScenarios: tabList('my-scenarios'),
  needReview: tabList('need-review'),
  inReview: tabList('in-review'),
  approved: tabList('approved'),
  archived: tabList('archived'),
  partnerList: defineContract({
    method: 'GET',
    path: '/api/partner/list',
    tag,
    summary: 'Partners a scenario can be distributed to (scenario.admin)',
    access: { type: 'permission', permission: 'scenario.admin' },
    scope: 'none',
    response: distributionPartnersResponseSchema,
  }),
  ofPartner: defineContract({
    method: 'GET',
    path: '/api/partner/:id/scenarios',
    tag,
    summary: 'Published scenarios distributed to a partner (its client admins, scenario admins)',
    access: auth,
    scope: 'partner',
    params: scenarioIdParamsSchema,
    response: partnerScenariosResponseSchema,
  }),
  patientImages: defineContract({
    method: 'GET',
    path: '/api/patient-images',
    tag,
    summary: 'The patient image library',
    access: auth,
    scope: 'none',
    response: patientImagesResponseSchema,
  }),
  patientImage: defineContract({
    method: 'GET',
    path: '/api/patient-images/:id',
    tag,
    summary: 'One patient image of the library',
    access: auth,
    scope: 'none',
    params: scenarioIdParamsSchema,
    response: patientImageResponseSchema,
  }),
  campaigns: defineContract({
    method: 'GET',
    path: '/api/giftcard/campaigns',
    tag,
    summary: 'Gift card campaigns a scenario can use',
    access: auth,
    scope: 'none',
    response: giftcardCampaignsResponseSchema,
  }),
};
