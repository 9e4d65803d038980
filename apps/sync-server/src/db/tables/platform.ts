import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DateOnly, NullableTimestamp, Numeric, SyncColumns, Timestamp } from '../columns';

/* Platform tables: partners, users and roles, sessions, notifications, audit, outbox, limits, sync bookkeeping, push. */
export interface PartnersTable {
  id: Generated<number>;
  slug: string;
  short_name: string;
  long_name: string;
  image: string | null;
  colour: string | null;
  is_sim: Generated<boolean>;
  start_date: DateOnly;
  end_date: DateOnly;
  disabled_start_date: DateOnly;
  disabled_end_date: DateOnly;
  welcome_header: string | null;
  welcome_message: string | null;
  enable_password: Generated<boolean>;
  password: string | null;
  rotate_password: Generated<boolean>;
  rotation_end_date: DateOnly;
  rotation_frequency: number | null;
  seats: Generated<number>;
  used_seats: Generated<number>;
  /** seats held by registrations waiting for their emailed link (migration 20261128140800_seat_holds) */
  held_seats: Generated<number>;
  require_mobile: Generated<boolean>;
  /** the calendar the partner's report months are bounded in (migration 20261128130000_financial) */
  time_zone: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface LookupTable {
  id: Generated<number>;
  title: string;
  short_name: string | null;
}
export interface StatesTable extends LookupTable {
  country_code: string;
}
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password: string;
  super_admin: Generated<boolean>;
  first_name: string;
  last_name: string;
  dob: DateOnly;
  image: string | null;
  mobile_number: string | null;
  mobile_verified_at: NullableTimestamp;
  auto_login: Generated<boolean>;
  enable_email_notifications: Generated<boolean>;
  enable_sms_notifications: Generated<boolean>;
  enable_push_notifications: Generated<boolean>;
  job_title: string | null;
  company_name: string | null;
  profession_id: number | null;
  specialty_id: number | null;
  medical_degree: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state_id: number | null;
  country_id: number | null;
  timezone_id: number | null;
  license_number: string | null;
  state_licensed: string | null;
  dea_number: string | null;
  npi_number: string | null;
  years_of_experience: number | null;
  experience: string | null;
  resume_path: string | null;
  headshot_path: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}
export interface RolesTable {
  id: number;
  name: string;
  key: string;
}
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}
export interface UserRolesTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  partner_id: number;
  is_approved: Generated<boolean>;
  pay_rate: Numeric;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Every rate a person held for a role at a partner, from when (migration 20261128130000_financial, decision 0078). */
export interface PayRateHistoryTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  partner_id: number;
  pay_rate: Numeric;
  effective_from: Timestamp;
  created_at: Generated<Date>;
}
export interface ClientAdminPartnersTable {
  user_id: number;
  partner_id: number;
}
export interface SessionsTable {
  id: string;
  user_id: number | null;
  partner_id: number | null;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}
export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}
export interface PartnerPasscodeApprovalsTable {
  user_id: number;
  partner_id: number;
  passcode_hash: string;
  approved_at: Timestamp;
}
export interface NotificationsTable extends SyncColumns {
  id: Generated<string>;
  user_id: number;
  title: string;
  content: string | null;
  icon: Generated<string>;
  color: Generated<string>;
  type: Generated<string>;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  is_read: Generated<boolean>;
  is_archived: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface AuditLogTable {
  id: Generated<string>;
  occurred_at: Timestamp;
  actor_user_id: number | null;
  partner_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  request_id: string | null;
  details: ColumnType<unknown, string | null | undefined, never>;
}
export interface RegistrationFieldsTable {
  id: Generated<number>;
  title: string;
  field_type: string;
  active: Generated<boolean>;
  required: Generated<boolean>;
  partner_id: Generated<number>;
  position: Generated<number>;
  created_at: Timestamp;
  /** derived from the title (migration 20261127141000_registration) */
  slug: string | null;
}
export interface RegistrationSelectValuesTable {
  id: Generated<number>;
  registration_field_id: number;
  title: string;
  short_name: string | null;
  position: Generated<number>;
}
export interface UserCustomDataTable {
  id: Generated<number>;
  user_id: number;
  registration_field_id: number;
  field_value: string | null;
}
export interface OutboxTable {
  id: Generated<number>;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  error: string | null;
}
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  window_seconds: number;
  hits: Generated<number>;
}
export interface AvailabilitiesTable extends SyncColumns {
  id: string;
  user_id: number;
  day: string;
  start_time: string;
  end_time: string;
  timezone: string;
}
export interface SyncMetaTable {
  key: string;
  value: string;
}
export interface SyncWritesTable {
  write_id: string;
  collection: string;
  doc_id: string;
  user_id: number;
  applied_at: Timestamp;
}
export interface AutoLoginTokensTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number;
  token_hash: string;
  created_by: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}
export interface AppSettingsTable {
  key: string;
  value: string;
}
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type PartnerRow = Selectable<PartnersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** These tables as kysely's DB has them (db/types.ts). */
export interface PlatformTables {
  app_settings: AppSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  auto_login_tokens: AutoLoginTokensTable;
  availabilities: AvailabilitiesTable;
  sync_meta: SyncMetaTable;
  sync_writes: SyncWritesTable;
  partners: PartnersTable;
  countries: LookupTable;
  states: StatesTable;
  timezones: LookupTable;
  professions: LookupTable;
  specialties: LookupTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  pay_rate_history: PayRateHistoryTable;
  client_admin_partners: ClientAdminPartnersTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  partner_passcode_approvals: PartnerPasscodeApprovalsTable;
  notifications: NotificationsTable;
  audit_log: AuditLogTable;
  registration_fields: RegistrationFieldsTable;
  registration_select_values: RegistrationSelectValuesTable;
  user_custom_data: UserCustomDataTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
}
