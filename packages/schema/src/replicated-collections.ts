import type { z } from 'zod';
import type { Access } from './api-access';
import { availabilityDocSchema } from './availability';
import { notificationDocSchema } from './notifications';
import type { Permission } from './permissions';
import { scenarioCommentDocSchema, scenarioDocSchema, scenarioFieldValueDocSchema } from './scenario-docs';
import { visitScorecardDocSchema } from './visit-scorecard-doc';

/**
 * One descriptor per replicated collection (DESIGN.md §5), read by both sides: the server's collection takes
 * its name, document schema and access from it; the PWA's store opens it with the JSON schema derived from the
 * same zod schema at `version`, and replicates it for the users `replicateFor` names.
 */
export interface ReplicatedCollectionDescriptor<S extends z.core.$ZodType = z.core.$ZodType> {
  /** the path segment (/sync/v1/<name>/…) and the local collection's name */
  name: string;
  schema: S;
  /** the local schema's version: raise it with a migration in the PWA store when the document changes */
  version: number;
  access: Access;
  /** the PWA replicates it only for a user holding one of these permissions; null for everyone */
  replicateFor: readonly Permission[] | null;
}

const SCENARIO_AUTHORS: readonly Permission[] = ['scenario.create', 'scenario.review', 'scenario.admin'];
const signedIn = { type: 'authenticated' } as const;

export const REPLICATED = {
  availabilities: {
    name: 'availabilities',
    schema: availabilityDocSchema,
    version: 0,
    access: { type: 'permission', permission: 'user.availability' },
    replicateFor: ['user.availability'],
  },
  notifications: { name: 'notifications', schema: notificationDocSchema, version: 0, access: signedIn, replicateFor: null },
  // Offline drafting: the scenarios the user authors or reviews, their field values and comments.
  scenarios: { name: 'scenarios', schema: scenarioDocSchema, version: 0, access: signedIn, replicateFor: SCENARIO_AUTHORS },
  scenario_field_values: {
    name: 'scenario_field_values',
    schema: scenarioFieldValueDocSchema,
    version: 0,
    access: signedIn,
    replicateFor: SCENARIO_AUTHORS,
  },
  scenario_comments: {
    name: 'scenario_comments',
    schema: scenarioCommentDocSchema,
    version: 0,
    access: signedIn,
    replicateFor: SCENARIO_AUTHORS,
  },
  // Offline scoring: everyone's own scorecard documents (the server creates them for the people of a visit).
  visit_scorecards: { name: 'visit_scorecards', schema: visitScorecardDocSchema, version: 0, access: signedIn, replicateFor: null },
} as const satisfies Record<string, ReplicatedCollectionDescriptor>;
