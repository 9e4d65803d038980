import { z } from 'zod/mini';
import { accountFieldsSchema, withPasswordConfirmed } from './account-fields';
import { APPLYING_MESSAGES } from './applying';
import { registrationFieldSchema } from './auth';
import { PARTNER_MAIN, PARTNER_SIM } from './roles';

/**
 * A learner's own registration at a partner's login (issue 13 item 1, docs/decisions/0051): the partner's
 * registration fields, a password, an emailed link; the learner role at that partner and one of its seats.
 */

/** Partners whose login page does not invite registration (spec 000 §2.3: only others see 'Register today!'). */
export const NON_REGISTERING_PARTNERS: readonly number[] = [PARTNER_MAIN, PARTNER_SIM];

export function takesRegistrations(partnerId: number): boolean {
  return !NON_REGISTERING_PARTNERS.includes(partnerId);
}

/** Every seat of the partner is used or held by a registration waiting for its link: nobody else can register. */
export function seatsTaken(partner: { seats: number; used_seats: number; held_seats: number }): boolean {
  return partner.used_seats + partner.held_seats >= partner.seats;
}

export const REGISTRATION_MESSAGES = {
  unknownPartner: 'This organization does not take registrations.',
  noSeats: (partner: string) => `Sorry, ${partner} has no seats left. Please contact your institution to register.`,
  registered: (email: string) =>
    `Thank you for registering! We sent a link to ${email}. Please confirm your email address to finish your registration.`,
  confirmed: 'Your email address is confirmed. Welcome!',
  confirmInvalid: APPLYING_MESSAGES.confirmInvalid,
  passwordConfirmation: APPLYING_MESSAGES.passwordConfirmation,
  resent: APPLYING_MESSAGES.resent,
  nothingToConfirm: APPLYING_MESSAGES.nothingToConfirm,
  confirmNotice: 'Please confirm your email address to finish your registration: follow the link we emailed you.',
} as const;

/** A learner's registration: the account's fields and nothing more (spec 002 §2.11). */
export const registerRequestSchema = withPasswordConfirmed(accountFieldsSchema);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterFormValues = z.input<typeof registerRequestSchema>;

/** Said on the registration form of a partner that asks for a passcode (issue 22 item 3, decision 0087). */
export const passcodeNotice = (partner: string) =>
  `${partner} asks for a passcode before you can book visits. You enter it after confirming your email; your institution gives it to you (an invited email address may not need it).`;

export const registerFormQuerySchema = z.object({ partner_slug: z.optional(z.string().check(z.maxLength(100))) });
export const registerFormResponseSchema = z.object({
  partner: z.object({ id: z.number().check(z.int()), slug: z.string(), long_name: z.string() }),
  registration_fields: z.array(registrationFieldSchema),
  /** the partner asks its learners for a passcode after sign-in: the form says so before anyone registers */
  passcode_required: z.boolean(),
});

export const registerConfirmRequestSchema = z.object({
  token: z
    .string({ error: REGISTRATION_MESSAGES.confirmInvalid })
    .check(z.minLength(1, { error: REGISTRATION_MESSAGES.confirmInvalid }))
    .check(z.maxLength(200, { error: REGISTRATION_MESSAGES.confirmInvalid })),
});
/** Where the confirmed learner goes: the passcode page when the brand still asks for one, else the dashboard. */
export const registerConfirmResponseSchema = z.object({
  message: z.string(),
  partner_slug: z.string(),
  passcode_required: z.boolean(),
});

/** Whether the signed-in user's registration still waits for its emailed link (the dashboard's notice). */
export const registerConfirmationStatusSchema = z.object({ confirmation_pending: z.boolean() });
