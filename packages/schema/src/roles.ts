import { z } from 'zod/mini';

/** Role ids of spec 000 §3. The numbers are part of the API and never change. */
export const ROLE = {
  applicant: 0,
  learner: 1,
  standardized_patient: 2,
  observer: 3,
  trainer: 4,
  admin: 5,
  head_trainer: 6,
  reviewer: 7,
  author: 8,
  client_admin: 9,
  exclude_from_reports: 10,
  report_manager: 11,
  financial_admin: 12,
  partner: 13,
} as const;

export type RoleKey = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleKey];

export const ROLE_NAMES: Record<RoleId, string> = {
  0: 'Applicant',
  1: 'Learner',
  2: 'Standardized Patient',
  3: 'Observer',
  4: 'Trainer',
  5: 'Admin',
  6: 'Head Trainer',
  7: 'Reviewer',
  8: 'Author',
  9: 'Client Admin',
  10: 'Exclude From Reports',
  11: 'Report Manager',
  12: 'Financial Admin',
  13: 'Partner',
};

export const roleIdSchema = z.number().check(z.int()).check(z.gte(0)).check(z.lte(13));

/** Special partner ids (spec 000 §9). */
export const PARTNER_MAIN = 1;
export const PARTNER_SIM = 28;
export const DEFAULT_PARTNER_SLUG = 'sp';

/** Roles that see every scorecard of their partner's visits and training sessions (spec 002 §4). */
export const SCORECARD_STAFF_ROLES: readonly number[] = [ROLE.admin, ROLE.head_trainer];
