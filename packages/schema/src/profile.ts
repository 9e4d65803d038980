import { z } from 'zod';
import { idSchema, MAX_ID, numeric } from './ids';
import { newPasswordSchema } from './passwords';
import { MOBILE_INVALID, normalizePhone } from './phone';
import { isDateText } from './zoned-time';

export const PROFILE_MESSAGES = {
  notEditable: 'This field cannot be changed here.',
  smsTitle: 'Mobile Number Required',
  smsContent: 'In order to enable SMS notifications you must provide a valid mobile number under the Personal Information section.',
  emailTaken: 'The email has already been taken.',
  currentPasswordWrong: 'The provided password does not match your current password.',
  currentPasswordRequired: 'Please enter your current password to change your email address.',
  unknownOption: 'The selected value is invalid.',
} as const;

const text = (label: string, max = 255) =>
  z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(max, { error: `The ${label} field must not be greater than ${max} characters.` })
    .transform((v) => (v === '' ? null : v))
    .nullable();

const required = (label: string, max = 100) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(max, { error: `The ${label} field must not be greater than ${max} characters.` });

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'The value must be true or false.' }).transform(Boolean);
const lookupId = z.union([idSchema(), z.null()]);

/**
 * The profile fields a user may change on themself with PATCH api/auth/user/update-field/{field}, each with its
 * rule (AUTHZ-08: anything else is refused). Lookup ids are checked against their tables by the server.
 */
export const PROFILE_FIELD_RULES = {
  first_name: required('first name'),
  last_name: required('last name'),
  email: required('email', 255).pipe(z.email({ error: 'The email field must be a valid email address.' })),
  dob: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The date of birth must be a date (YYYY-MM-DD).' })
    .refine(isDateText, { error: 'The date of birth must be a date (YYYY-MM-DD).', abort: true })
    .refine((d) => Date.parse(d) < Date.now(), { error: 'The date of birth must be in the past.' })
    .nullable(),
  mobile_number: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const e164 = normalizePhone(v);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: MOBILE_INVALID });
        return z.NEVER;
      }
      return e164;
    })
    .nullable(),
  auto_login: flag,
  enable_email_notifications: flag,
  enable_sms_notifications: flag,
  enable_push_notifications: flag,
  job_title: text('job title'),
  company_name: text('company name'),
  profession_id: lookupId,
  specialty_id: lookupId,
  medical_degree: text('medical degree'),
  address_1: text('address 1'),
  address_2: text('address 2'),
  city: text('city'),
  state_id: lookupId,
  country_id: lookupId,
  timezone_id: lookupId,
  license_number: text('license number', 100),
  state_licensed: text('state licensed', 100),
  dea_number: text('DEA number', 20),
  npi_number: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, { error: 'The NPI number must be 10 digits.' })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  years_of_experience: z.union([
    numeric(
      z
        .number({ error: 'Please enter a number of years.' })
        .int({ error: 'Please enter whole years.' })
        .min(0, { error: 'Please enter between 0 and 80 years.' })
        .max(80, { error: 'Please enter between 0 and 80 years.' }),
    ),
    z.null(),
  ]),
  experience: text('experience', 5000),
} as const;

export type ProfileField = keyof typeof PROFILE_FIELD_RULES;
export const PROFILE_FIELDS = Object.keys(PROFILE_FIELD_RULES) as ProfileField[];
export function isProfileField(name: string): name is ProfileField {
  return Object.hasOwn(PROFILE_FIELD_RULES, name);
}

/** PATCH api/auth/user/update-field/{field}: any name up to 64 characters; the service refuses what is not allowlisted. */
export const profileFieldParamsSchema = z.object({ field: z.string().max(64) });

export const updateFieldRequestSchema = z.object({
  value: z.unknown(),
  /** required when changing the email address (ASVS 7.5.1) */
  current_password: z.string().max(1024).optional(),
});

export const updateCustomFieldRequestSchema = z.object({
  registration_field_id: z.optional(idSchema()),
  value: z.union([z.string().max(2000), z.number().min(-MAX_ID).max(MAX_ID), z.null()]),
});

export const customFieldParamsSchema = z.object({ field: idSchema() });

/** The changed value as stored, and the whole user, so the session follows without another call. */
export { updateFieldResponseSchema } from './profile-answer';
export const updateCustomFieldResponseSchema = z.object({ message: z.string(), field_value: z.string().nullable() });

export const updatePasswordRequestSchema = z
  .object({
    current_password: z
      .string({ error: 'The current password field is required.' })
      .min(1, { error: 'The current password field is required.' }),
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password'],
    error: 'The password field confirmation does not match.',
  });

export const PROFILE_IMAGE_SIZE = 300;
export const MAX_PROFILE_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The stored image's path (api/files/profile-images/{name}). */
export const profileImageResponseSchema = z.object({ message: z.string(), image: z.string() });
/** The names the server gives stored profile images: a UUID and .png. */
export const profileImageParamsSchema = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.png$/) });
