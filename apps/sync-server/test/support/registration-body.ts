/** The body of POST api/register a test sends: a learner with a fresh address at `slug`, overrides on top. */
let counter = 0;

export const uniqueRegistrationEmail = (prefix: string, domain = 'register.simvisit.test') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@${domain}`;

export function registrationBody(slug: string, overrides: Record<string, unknown> = {}, domain?: string) {
  return {
    partner_slug: slug,
    first_name: 'Riley',
    last_name: 'Learner',
    email: uniqueRegistrationEmail('learner', domain),
    password: 'a-long-secret-2026',
    password_confirmation: 'a-long-secret-2026',
    custom_fields: [],
    ...overrides,
  };
}
