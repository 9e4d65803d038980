import type { ScenarioTabKey } from '@simvisit/schema';

/**
 * Words of the scenario lists. The spec's own are marked; the others are the product's choice where the spec
 * is silent (docs/decisions/0019).
 */
export const SCENARIO_LIST_TEXTS = {
  /** spec 001 §2 */
  learnerTitle: 'Available Scenarios',
  /** spec 001 §2 */
  createNew: 'Create New Scenario',
  /** spec 000 §2.11 */
  createNewCaps: 'CREATE NEW SCENARIO',
  pageTitle: 'Scenarios',
  loadError: 'Error Loading Scenarios',
  learnerEmpty: 'No scenarios are available at this time.',
  savedCopy: 'You are offline. These are the scenarios saved on this device when they last loaded.',
} as const;

/** What an empty tab of the scenario dashboard says. */
export const SCENARIO_TAB_EMPTY: Record<ScenarioTabKey, string> = {
  published: 'No Published Scenarios',
  'my-scenarios': 'You have not written any scenarios yet.',
  'need-review': 'No Scenarios Need Review',
  'in-review': 'No Scenarios in Review',
  approved: 'No Approved Scenarios',
  archived: 'No Archived Scenarios',
};

/** The author dashboard (spec 000 §2.11): the spec gives the Drafts and Approved texts. */
export const AUTHOR_EMPTY = {
  drafts: 'No Scenarios in Draft',
  reviews: 'No Scenarios in Review',
  edits: 'No Scenarios in Editing',
  approved: 'No Scenarios have been Approved',
} as const;

/** The reviewer dashboard (spec 000 §2.12); the spec gives no empty texts, these follow the author's. */
export const REVIEWER_EMPTY = {
  awaiting: 'No Scenarios Awaiting Review',
  mine: 'No Scenarios Under My Review',
  edits: 'No Scenarios in Editing',
  approved: 'No Scenarios have been Approved',
} as const;

/** The author's delete confirmation (spec 000 §2.11). */
export const DELETE_TEXTS = {
  title: 'Permanently Delete Scenario',
  question: 'Are you sure you want to delete this scenario?',
  cancel: 'Cancel',
  confirm: 'Permanently Delete',
  makeEdits: 'Make Edits',
  delete: 'Delete',
} as const;
