import { z } from 'zod';
import { availabilityItemSchema } from './availability';
import { requiredEmail, requiredString } from './fields';
import { storedNotificationSchema } from './notifications';
import { partnerSchema } from './partners';
import { newPasswordSchema } from './passwords';

export const loginRequestSchema = z.object({
  email: requiredEmail(),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, { error: 'The password field is required.' })
    .max(1024, { error: 'The password field must not be greater than 1024 characters.' }),
  slug: z.string().max(100).nullish(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userRoleSchema = z.object({
  role_id: z.number().int(),
  partner_id: z.number().int(),
  is_approved: z.boolean(),
  pay_rate: z.number().nullable(),
  role: z.object({ name: z.string() }),
});

/** The signed-in user as the server returns it to themself. */
export const authUserSchema = z.object({
  id: z.number().int(),
  super_admin: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  dob: z.string().nullable(),
  mobile_number: z.string().nullable(),
  mobile_verified_at: z.string().nullable(),
  auto_login: z.boolean(),
  enable_email_notifications: z.boolean(),
  enable_sms_notifications: z.boolean(),
  enable_push_notifications: z.boolean(),
  job_title: z.string().nullable(),
  company_name: z.string().nullable(),
  profession_id: z.number().int().nullable(),
  specialty_id: z.number().int().nullable(),
  medical_degree: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state_id: z.number().int().nullable(),
  country_id: z.number().int().nullable(),
  timezone_id: z.number().int().nullable(),
  license_number: z.string().nullable(),
  state_licensed: z.string().nullable(),
  dea_number: z.string().nullable(),
  npi_number: z.string().nullable(),
  years_of_experience: z.number().int().nullable(),
  experience: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  user_roles: z.array(userRoleSchema),
  user_custom_data: z.array(z.object({ registration_field_id: z.number().int(), field_value: z.string().nullable() })),
  /** spec 000 §3: id, day, start_time, end_time and the local times (in the user's own zone). */
  availabilities: z.array(availabilityItemSchema),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const registrationFieldSchema = z.object({
  id: z.number().int(),
  field_name: z.string(),
  field_type: z.enum(['input', 'select', 'textbox']),
  required: z.boolean(),
  partner_id: z.number().int(),
  answers: z.array(z.object({ id: z.number().int(), title: z.string(), short_name: z.string().nullable() })),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

/** GET api/auth/user, keys spelled as in spec 000 §7 (registation_fields included). */
export const authUserResponseSchema = z.object({
  user: authUserSchema,
  permissions: z.array(z.string()),
  partners: z.array(partnerSchema),
  partner: partnerSchema.nullable(),
  notifications: z.array(storedNotificationSchema),
  registation_fields: z.array(registrationFieldSchema),
  password_approved: z.boolean(),
});
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  partner: partnerSchema.nullable(),
});

export const authCheckResponseSchema = z.object({ authenticated: z.boolean() });
export const tokenResponseSchema = z.object({ token: z.string() });

export const forgotPasswordRequestSchema = z.object({
  email: requiredEmail(),
  partner_slug: z.string().max(100).nullish(),
});

export const resetPasswordRequestSchema = z
  .object({
    token: requiredString('token', 200),
    email: requiredEmail(),
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password'],
    error: 'The password field confirmation does not match.',
  });

export const passcodeRequestSchema = z.object({
  passcode: z
    .string({ error: 'The passcode field is required.' })
    .trim()
    .min(1, { error: 'The passcode field is required.' })
    .max(25, { error: 'The passcode field must not be greater than 25 characters.' }),
});
