import { z } from 'zod/mini';
import { availabilityItemSchema } from './availability';
import { requiredEmail, requiredString } from './fields';
import { storedNotificationSchema } from './notifications';
import { partnerSchema } from './partners';
import { newPasswordSchema } from './passwords';

export const loginRequestSchema = z.object({
  email: requiredEmail(),
  password: z
    .string({ error: 'The password field is required.' })
    .check(z.minLength(1, { error: 'The password field is required.' }))
    .check(z.maxLength(1024, { error: 'The password field must not be greater than 1024 characters.' })),
  slug: z.nullish(z.string().check(z.maxLength(100))),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userRoleSchema = z.object({
  role_id: z.number().check(z.int()),
  partner_id: z.number().check(z.int()),
  is_approved: z.boolean(),
  pay_rate: z.nullable(z.number()),
  role: z.object({ name: z.string() }),
});

/** The signed-in user as the server returns it to themself. */
export const authUserSchema = z.object({
  id: z.number().check(z.int()),
  super_admin: z.number().check(z.int()),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  image: z.nullable(z.string()),
  dob: z.nullable(z.string()),
  mobile_number: z.nullable(z.string()),
  mobile_verified_at: z.nullable(z.string()),
  auto_login: z.boolean(),
  enable_email_notifications: z.boolean(),
  enable_sms_notifications: z.boolean(),
  enable_push_notifications: z.boolean(),
  job_title: z.nullable(z.string()),
  company_name: z.nullable(z.string()),
  profession_id: z.nullable(z.number().check(z.int())),
  specialty_id: z.nullable(z.number().check(z.int())),
  medical_degree: z.nullable(z.string()),
  address_1: z.nullable(z.string()),
  address_2: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state_id: z.nullable(z.number().check(z.int())),
  country_id: z.nullable(z.number().check(z.int())),
  timezone_id: z.nullable(z.number().check(z.int())),
  license_number: z.nullable(z.string()),
  state_licensed: z.nullable(z.string()),
  dea_number: z.nullable(z.string()),
  npi_number: z.nullable(z.string()),
  years_of_experience: z.nullable(z.number().check(z.int())),
  experience: z.nullable(z.string()),
  roles: z.array(z.object({ id: z.number().check(z.int()), name: z.string() })),
  user_roles: z.array(userRoleSchema),
  user_custom_data: z.array(z.object({ registration_field_id: z.number().check(z.int()), field_value: z.nullable(z.string()) })),
  /** spec 000 §3: id, day, start_time, end_time and the local times (in the user's own zone). */
  availabilities: z.array(availabilityItemSchema),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const registrationFieldSchema = z.object({
  id: z.number().check(z.int()),
  field_name: z.string(),
  field_type: z.enum(['input', 'select', 'textbox']),
  required: z.boolean(),
  partner_id: z.number().check(z.int()),
  answers: z.array(z.object({ id: z.number().check(z.int()), title: z.string(), short_name: z.nullable(z.string()) })),
});
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

/** GET api/auth/user, keys spelled as in spec 000 §7 (registation_fields included). */
export const authUserResponseSchema = z.object({
  user: authUserSchema,
  permissions: z.array(z.string()),
  partners: z.array(partnerSchema),
  partner: z.nullable(partnerSchema),
  notifications: z.array(storedNotificationSchema),
  registation_fields: z.array(registrationFieldSchema),
  password_approved: z.boolean(),
});
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  partner: z.nullable(partnerSchema),
});

export const authCheckResponseSchema = z.object({ authenticated: z.boolean() });
export const tokenResponseSchema = z.object({ token: z.string() });

export const forgotPasswordRequestSchema = z.object({
  email: requiredEmail(),
  partner_slug: z.nullish(z.string().check(z.maxLength(100))),
});

export const resetPasswordRequestSchema = z
  .object({
    token: requiredString('token', 200),
    email: requiredEmail(),
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
  })
  .check(
    z.refine((v) => v.password === v.password_confirmation, {
      path: ['password'],
      error: 'The password field confirmation does not match.',
    }),
  );

export const passcodeRequestSchema = z.object({
  passcode: z
    .string({ error: 'The passcode field is required.' })
    .check(z.trim())
    .check(z.minLength(1, { error: 'The passcode field is required.' }))
    .check(z.maxLength(25, { error: 'The passcode field must not be greater than 25 characters.' })),
});
