import { z } from 'zod/mini';
import { ACCOUNT_MESSAGES, accountCustomFieldSchema, accountFieldsSchema, withPasswordConfirmed } from './account-fields';
import { registrationFieldSchema } from './auth';
import { WEEKDAYS } from './availability';
import { idSchema } from './ids';
import { PARTNER_MAIN, PARTNER_SIM, ROLE } from './roles';

/**
 * Applying for a role from the login page (issue 12 item 1, docs/decisions/0047): an account, the roles applied
 * for, experience, time zone, weekly availability, a resume (PDF) and a headshot, confirmed by an emailed link.
 */

/** The roles one may apply for (spec 001 §2 Recruitment: the roles selectable on approval), in the form's order. */
export const APPLY_ROLES = [
  { key: 'standardized_patient', label: 'SP', role_id: ROLE.standardized_patient, partner_id: null },
  { key: 'observer', label: 'Observer', role_id: ROLE.observer, partner_id: null },
  { key: 'trainer', label: 'Trainer', role_id: ROLE.trainer, partner_id: null },
  { key: 'author', label: 'Author', role_id: ROLE.author, partner_id: PARTNER_MAIN },
  { key: 'simclusive_author', label: 'Simclusive Author', role_id: ROLE.author, partner_id: PARTNER_SIM },
  { key: 'reviewer', label: 'Reviewer', role_id: ROLE.reviewer, partner_id: null },
] as const;
export type ApplyRoleKey = (typeof APPLY_ROLES)[number]['key'];
const APPLY_ROLE_KEYS = APPLY_ROLES.map((r) => r.key) as [ApplyRoleKey, ...ApplyRoleKey[]];

/** What the login page's links preselect: 'Want to Become a SP?' → SP; 'Want to Become a Scenario Author?' → Author. */
export function preselectedRole(link: string | undefined, partnerId: number | null): ApplyRoleKey | null {
  if (link === 'sp') return 'standardized_patient';
  if (link === 'author') return partnerId === PARTNER_SIM ? 'simclusive_author' : 'author';
  return null;
}

export const APPLYING_MESSAGES = {
  roles: 'Please choose at least one role.',
  experience: 'Please describe your experience.',
  timezone: 'Please choose your time zone.',
  passwordConfirmation: ACCOUNT_MESSAGES.passwordConfirmation,
  resumeRequired: 'Please upload your resume as a PDF.',
  resumeType: 'The resume must be a PDF file.',
  resumeSize: 'The resume may not be larger than 5 MB.',
  headshotRequired: 'Please upload a headshot.',
  headshotType: 'The headshot must be a PNG, JPEG or WebP image.',
  headshotSize: 'The headshot may not be larger than 5 MB.',
  headshotTooLarge: 'The headshot is too large.',
  headshotUnreadable: 'The headshot could not be read.',
  unknownPartner: 'This organization does not take applications.',
  unknownOption: 'Please choose one of the listed options.',
  applied: (email: string) =>
    `Thank you for applying! We sent a link to ${email}. Please confirm your email address to submit your application.`,
  confirmed: 'Your email address is confirmed and your application has been submitted.',
  /** an account with no application to submit (one a quote request made, decision 0073) */
  emailConfirmed: 'Your email address is confirmed.',
  confirmInvalid: 'This confirmation link is invalid or has expired.',
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  nothingToConfirm: 'Your email address is already confirmed.',
  confirmNotice: 'Please confirm your email address to submit your application: follow the link we emailed you.',
} as const;

/** The largest resume and headshot accepted, before any reading (the profile image's limit). */
export const MAX_APPLY_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Weekly windows one application may carry (seven days of several windows each). */
export const MAX_APPLY_AVAILABILITIES = 50;

const TIME = /^([01]\d|2[0-3]):(00|30)$/;
const timeOf = (message: string) =>
  z
    .string({ error: message })
    .check(z.minLength(1, { error: message, abort: true }))
    .check(z.regex(TIME, { error: 'Times must be on the hour or half hour.' }));

/** One weekly window, the shape of the profile's availabilities (spec 000 §7 add availability). */
export const applyAvailabilitySchema = z
  .object({
    day: z.enum(WEEKDAYS, { error: 'Please choose a day of the week.' }),
    start_time: timeOf('Please enter a Start Time before saving'),
    end_time: timeOf('Please enter an Ending Time before saving'),
  })
  .check(z.refine((a) => a.start_time < a.end_time, { path: ['end_time'], error: 'The ending time must be after the start time.' }));

export const applyCustomFieldSchema = accountCustomFieldSchema;

/** The application's fields (the multipart field `application`, as JSON); the files come as `resume` and `headshot`. */
export const applyRequestSchema = withPasswordConfirmed(
  z.extend(accountFieldsSchema, {
    roles: z
      .array(z.enum(APPLY_ROLE_KEYS, { error: APPLYING_MESSAGES.roles }), { error: APPLYING_MESSAGES.roles })
      .check(z.minLength(1, { error: APPLYING_MESSAGES.roles }))
      .check(z.maxLength(APPLY_ROLES.length)),
    experience: z
      .string({ error: APPLYING_MESSAGES.experience })
      .check(z.trim())
      .check(z.minLength(1, { error: APPLYING_MESSAGES.experience }))
      .check(z.maxLength(5000, { error: 'The experience field must not be greater than 5000 characters.' })),
    timezone_id: idSchema(APPLYING_MESSAGES.timezone),
    availabilities: z._default(z.array(applyAvailabilitySchema).check(z.maxLength(MAX_APPLY_AVAILABILITIES)), []),
  }),
);
export type ApplyRequest = z.infer<typeof applyRequestSchema>;
export type ApplyFormValues = z.input<typeof applyRequestSchema>;

/** The form's frame for one partner: its registration fields and the roles it takes applications for. */
export const applyFormQuerySchema = z.object({ partner_slug: z.optional(z.string().check(z.maxLength(100))) });
export const applyFormResponseSchema = z.object({
  partner: z.object({ id: z.number().check(z.int()), slug: z.string(), long_name: z.string() }),
  roles: z.array(z.object({ key: z.enum(APPLY_ROLE_KEYS), label: z.string() })),
  registration_fields: z.array(registrationFieldSchema),
});

export const confirmEmailRequestSchema = z.object({
  token: z
    .string({ error: APPLYING_MESSAGES.confirmInvalid })
    .check(z.minLength(1, { error: APPLYING_MESSAGES.confirmInvalid }))
    .check(z.maxLength(200, { error: APPLYING_MESSAGES.confirmInvalid })),
});

/**
 * The roles of an application by their names. An application lists role ids; an Author applied for is the main
 * brand's or the simulation brand's by the unapproved grant it left ('Simclusive Author' for partner 28).
 */
export function appliedRoleLabels(
  roles: readonly { id: number; name: string }[],
  pendingGrants: readonly { role_id: number; partner_id: number }[],
): string[] {
  return roles.flatMap((role) => {
    if (role.id !== ROLE.author) return [role.name];
    const partners = pendingGrants.filter((g) => g.role_id === ROLE.author).map((g) => g.partner_id);
    const labels = [
      ...(partners.length === 0 || partners.some((p) => p !== PARTNER_SIM) ? [role.name] : []),
      ...(partners.includes(PARTNER_SIM) ? ['Simclusive Author'] : []),
    ];
    return labels;
  });
}
