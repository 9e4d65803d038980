import { z } from 'zod';
import { userRoleSchema } from './auth';
import { availabilityItemSchema } from './availability';
import { idSchema, MAX_ID, numeric } from './ids';
import { adminPasswordErrors } from './passwords';

export const USER_LIST_PAGE_SIZE = 20;
export const DETAIL_PAGE_SIZE = 10;
/** Role filter values of the user list (spec 000 §9). */
export const ROLE_FILTER_ALL = 0;
export const ROLE_FILTER_SUPER_ADMINS = 99;

export const USER_MANAGEMENT_MESSAGES = {
  notificationsUpdated: 'Notification settings updated.',
  passwordUpdated: 'Password updated.',
  rolesUpdated: 'Roles updated.',
  rateRange: 'The rate must be a number from 0 to 999.',
  noUsers: 'No users match search',
  loadError: 'Error Loading Users',
} as const;

const userId = numeric(z.number({ error: 'The user id field is required.' }).int().positive().max(MAX_ID));

export const userListRequestSchema = z.object({
  role_id: z._default(
    numeric(
      z
        .number()
        .int()
        .min(-MAX_ID)
        .max(MAX_ID)
        .refine((v) => (v >= 0 && v <= 13) || v === ROLE_FILTER_SUPER_ADMINS, { error: 'Unknown role.' }),
    ),
    0,
  ),
  email_string: z.string().max(255).optional().default(''),
  page_start: z._default(numeric(z.number().int().min(0).max(1_000_000)), 0),
});

export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image_location: z.string().nullable(),
});
export const userListResponseSchema = z.object({ users: z.array(userListItemSchema), total: z.number().int() });
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userDetailRequestSchema = z.object({ user_id: userId });

export const notificationSettingsRequestSchema = z.object({
  user_id: userId,
  enable_email: z.boolean(),
  enable_sms: z.boolean(),
  enable_autologin: z.boolean(),
});

/** Admin password update with the spec's own words (spec 000 §5). */
export const adminPasswordRequestSchema = z
  .object({ user_id: userId, password: z.string().max(256).default(''), password_confirmation: z.string().max(256).default('') })
  .superRefine((v, ctx) => {
    for (const message of adminPasswordErrors(v.password, v.password_confirmation)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message });
    }
  });

const rate = z
  .union(
    [
      numeric(z.number().min(0, { error: USER_MANAGEMENT_MESSAGES.rateRange }).max(999, { error: USER_MANAGEMENT_MESSAGES.rateRange })),
      z.null(),
    ],
    { error: USER_MANAGEMENT_MESSAGES.rateRange },
  )
  .optional();
const flag = z.boolean().optional();
const partnerIds = z.array(idSchema()).max(500).optional();

/** POST api/user/update-roles (spec 000 §7): absent keys leave a role as it is. */
export const updateRolesRequestSchema = z.object({
  user_id: userId,
  standardized_patient_role: flag,
  standardized_patient_rate: rate,
  observer_role: flag,
  observer_rate: rate,
  trainer_role: flag,
  trainer_rate: rate,
  reviewer_role: flag,
  author_role: flag,
  simclusive_author_role: flag,
  simclusive_author_rate: rate,
  admin_role: flag,
  head_trainer_role: flag,
  head_trainer_rate: rate,
  client_admin_role: flag,
  client_admin_partners: partnerIds,
  simclusive_client_admin_role: flag,
  simclusive_client_admin_partners: partnerIds,
  exclude_from_reports_role: flag,
  report_manager_role: flag,
  financial_admin_role: flag,
});
export type UpdateRolesRequest = z.infer<typeof updateRolesRequestSchema>;

/**
 * The role boxes of the role editor: payload key, role id, whether it is at the simulation brand (partner 28)
 * instead of the current partner, its rate key, and the permission that shows the box (spec 000 §6).
 */
export const ROLE_BOXES = [
  {
    key: 'standardized_patient_role',
    roleId: 2,
    sim: false,
    rate: 'standardized_patient_rate',
    permission: 'user_role.standardized_patient',
  },
  { key: 'observer_role', roleId: 3, sim: false, rate: 'observer_rate', permission: 'user_role.observer' },
  { key: 'trainer_role', roleId: 4, sim: false, rate: 'trainer_rate', permission: 'user_role.trainer' },
  { key: 'reviewer_role', roleId: 7, sim: false, rate: null, permission: 'user_role.reviewer' },
  { key: 'author_role', roleId: 8, sim: false, rate: null, permission: 'user_role.author' },
  { key: 'simclusive_author_role', roleId: 8, sim: true, rate: 'simclusive_author_rate', permission: 'user_role.author' },
  { key: 'admin_role', roleId: 5, sim: false, rate: null, permission: 'user_role.admin' },
  { key: 'head_trainer_role', roleId: 6, sim: false, rate: 'head_trainer_rate', permission: 'user_role.head_trainer' },
  { key: 'client_admin_role', roleId: 9, sim: false, rate: null, permission: 'user_role.client_admin' },
  { key: 'simclusive_client_admin_role', roleId: 9, sim: true, rate: null, permission: 'user_role.client_admin' },
  { key: 'exclude_from_reports_role', roleId: 10, sim: false, rate: null, permission: 'user_role.exclude_from_reports' },
  { key: 'report_manager_role', roleId: 11, sim: false, rate: null, permission: 'user_role.report_manager' },
  { key: 'financial_admin_role', roleId: 12, sim: false, rate: null, permission: 'user_role.financial_admin' },
] as const;

/** Status shown for a visit in the user detail (spec 000 §2.14). */
export function trainingStatus(s: { is_canceled: boolean; is_complete: boolean }): 'Canceled' | 'Complete' | 'Scheduled' {
  if (s.is_canceled) return 'Canceled';
  if (s.is_complete) return 'Complete';
  return 'Scheduled';
}

const partnerRefSchema = z.object({ id: z.number().int(), long_name: z.string(), slug: z.string() });

/** A row of the Visits, Training Sessions and Interviews lists of the user detail: when, role and status. */
export const activityItemSchema = z.object({
  id: z.number().int(),
  local_time: z.string(),
  role: z.string(),
  status: z.string(),
});

export const ACTIVITY_KINDS = ['visits', 'training_sessions', 'interviews'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** POST api/user/activity: one page (10) of a user's visits, training sessions or interviews. */
export const userActivityRequestSchema = z.object({
  user_id: idSchema(),
  kind: z.enum(ACTIVITY_KINDS),
  page_start: z._default(numeric(z.number().int().min(0).max(1_000_000)), 0),
});
export const userActivityResponseSchema = z.object({ items: z.array(activityItemSchema), total: z.number().int() });

/** GET api/user/{user_id}/{kind}: the private files a user uploaded. */
export const userFileParamsSchema = z.object({ user_id: idSchema(), kind: z.enum(['resume', 'headshot']) });

export const userDetailSchema = userListItemSchema.extend({
  mobile_number: z.string().nullable(),
  mobile_verified_at: z.string().nullable(),
  auto_login: z.boolean(),
  enable_email_notifications: z.boolean(),
  enable_sms_notifications: z.boolean(),
  resume: z.string().nullable(),
  headshot: z.string().nullable(),
  super_admin: z.number().int(),
  user_roles: z.array(userRoleSchema),
  partners: z.array(partnerRefSchema.extend({ is_sim: z.boolean(), al_link: z.string().nullable() })),
  visits: z.array(activityItemSchema),
  visits_total: z.number().int(),
  training_sessions: z.array(activityItemSchema),
  training_sessions_total: z.number().int(),
  interviews: z.array(activityItemSchema),
  interviews_total: z.number().int(),
  availabilities: z.array(availabilityItemSchema),
});

/** POST api/user/manage (spec 000 §3 user detail). */
export const userDetailResponseSchema = z.object({
  user: userDetailSchema,
  partners: z.array(partnerRefSchema),
  sim_partners: z.array(partnerRefSchema),
  client_partners: z.array(z.number().int()),
  sim_client_partners: z.array(z.number().int()),
});
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;
