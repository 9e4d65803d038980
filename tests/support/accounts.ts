/**
 * The demo accounts of DESIGN.md §3, seeded into the empty database the e2e server starts on. Journeys only sign in
 * as them and read what the seed gave them; a journey that changes a person (password, profile, roles, availability,
 * notifications, visits) makes its own with support/factories.ts (docs/decisions/0061).
 */
export const DEMO_PASSWORD = 'demo-pass-2026';

export const ACCOUNTS = {
  superadmin: 'superadmin@demo.test',
  admin: 'admin@demo.test',
  learner: 'learner@demo.test',
  /** The SP of the seeded visits and scenarios (seed/demo-visits.ts): journeys only sign in as it. */
  sp: 'sp@demo.test',
  sp2: 'sp2@demo.test',
  observer: 'observer@demo.test',
  trainer: 'trainer@demo.test',
  headtrainer: 'headtrainer@demo.test',
  reviewer: 'reviewer@demo.test',
  author: 'author@demo.test',
  clientadmin: 'clientadmin@demo.test',
  finance: 'finance@demo.test',
  applicant: 'applicant@demo.test',
  /** A learner of northfield, whose brand requires the passcode below. */
  learner2: 'learner2@demo.test',
} as const;

export const NORTHFIELD_PASSCODE = 'NORTH-2026';

/** Partner ids of the seed (the partner selector's option values). */
export const PARTNER_IDS = { sp: 1, northfield: 2, lakeside: 3, simclusive: 28, harborHealth: 29 } as const;

/**
 * The e2e server's address (playwright.config.ts) and a partner subdomain of it. Port 8181 unless E2E_PORT
 * names another (to run beside a suite that already holds 8181).
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 8181);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export function subdomainUrl(slug: string, pathname: string): string {
  const url = new URL(pathname, BASE_URL);
  url.hostname = `${slug}.localhost`;
  return url.toString();
}
