import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables created by the migrations in ./migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;
type Numeric = ColumnType<number | null, number | string | null | undefined, number | string | null>;

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
  require_mobile: Generated<boolean>;
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
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
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
export interface ApplicationsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ApplicationRolesTable {
  application_id: number;
  role_id: number;
}
export interface RequestsTable {
  id: Generated<number>;
  request_type_id: number;
  user_id: number;
  partner_id: number;
  applicant_user_id: number | null;
  application_id: number | null;
  trainer_user_id: number | null;
  parent_request_id: number | null;
  is_expired: Generated<boolean>;
  is_canceled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /* visit requests (request_type_id 1; migration 20261121180000_visits) */
  scenario_id: string | null;
  status: Generated<'pending' | 'accepted' | 'canceled' | 'expired' | 'rejected'>;
  payment_id: number | null;
  credit_id: number | null;
  payment_amount_cents: Generated<number>;
  timezone: string | null;
  duration_minutes: number | null;
  canceled_at: NullableTimestamp;
  canceled_by_user_id: number | null;
  rescheduled_from_visit_id: number | null;
  /** the request holds one of its partner's seats (migration 20261121195000_visit_request_seats) */
  seat_taken: Generated<boolean>;
}
export interface RequestDatesTable {
  id: Generated<number>;
  request_id: number;
  start_at: Timestamp;
}
export interface InterviewsTable {
  id: Generated<number>;
  application_id: number | null;
  request_id: number | null;
  applicant_user_id: number;
  trainer_user_id: number;
  start_at: Timestamp;
  is_complete: Generated<boolean>;
  is_canceled: Generated<boolean>;
  created_at: Timestamp;
}
export interface QuoteRequestsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number | null;
  title: string;
  created_at: Timestamp;
}
export interface QuotesTable {
  id: Generated<number>;
  quote_request_id: number;
  is_rejected: Generated<boolean>;
  is_agreement_signed: Generated<boolean>;
  is_payment_made: Generated<boolean>;
  created_at: Timestamp;
}

/** Columns every replicated table has (migration 20261121100000_sync). */
export interface SyncColumns {
  doc: ColumnType<unknown, string, string>;
  _xid: ColumnType<string, never, never>;
  _seq: ColumnType<number, never, never>;
  _rev: ColumnType<number, never, never>;
  _deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface ScenariosTable extends SyncColumns {
  id: Generated<string>;
  status: number;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  author_user_id: number;
  reviewer_user_id: number | null;
  trainer_user_id: number | null;
  live_edit: Generated<boolean>;
  partner_id: number | null;
  is_sim: Generated<number>;
  fee: Numeric;
  credit_text: string | null;
  is_scorecard_enabled: Generated<number>;
  is_feedback_form_enabled: Generated<number>;
  is_participant_feedback_enabled: Generated<number>;
  scorecard_display_type_id: Generated<number>;
  cloned_from: string | null;
}
export interface ScenarioFieldValuesTable extends SyncColumns {
  id: string;
  scenario_id: string;
  field_id: number;
  value: string;
}
export interface ScenarioCommentsTable extends SyncColumns {
  id: string;
  scenario_id: string;
  user_id: number;
  field: string;
  content: string;
}
export interface ScenarioPartnersTable {
  id: Generated<number>;
  scenario_id: string;
  partner_id: number;
  featured: number;
  job_number: string;
  created_at: Generated<Timestamp>;
}
export interface ScenarioUsersTable {
  id: Generated<number>;
  scenario_id: string;
  user_id: number;
  role_id: number;
  created_at: Generated<Timestamp>;
}
export interface PatientImagesTable {
  id: Generated<number>;
  name: string;
  location: string;
}
export interface GiftcardCampaignsTable {
  campaign_id: string;
  campaign_name: string;
}

export interface DB {
  scenarios: ScenariosTable;
  scenario_field_values: ScenarioFieldValuesTable;
  scenario_comments: ScenarioCommentsTable;
  scenario_partners: ScenarioPartnersTable;
  scenario_users: ScenarioUsersTable;
  patient_images: PatientImagesTable;
  giftcard_campaigns: GiftcardCampaignsTable;
  rubrics: RubricsTable;
  questions: QuestionsTable;
  question_answers: QuestionAnswersTable;
  rubric_questions: RubricQuestionsTable;
  playlists: PlaylistsTable;
  playlist_scenarios: PlaylistScenariosTable;
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
  client_admin_partners: ClientAdminPartnersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  partner_passcode_approvals: PartnerPasscodeApprovalsTable;
  notifications: NotificationsTable;
  audit_log: AuditLogTable;
  registration_fields: RegistrationFieldsTable;
  registration_select_values: RegistrationSelectValuesTable;
  user_custom_data: UserCustomDataTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  applications: ApplicationsTable;
  application_roles: ApplicationRolesTable;
  requests: RequestsTable;
  request_dates: RequestDatesTable;
  interviews: InterviewsTable;
  quote_requests: QuoteRequestsTable;
  quotes: QuotesTable;
}

export type UserRow = Selectable<UsersTable>;
export type PartnerRow = Selectable<PartnersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/* Rubrics and questions (issue 4), merged into DB by interface declaration merging. */
export interface RubricsTable {
  id: Generated<number>;
  name: string;
  learner_instructions: string | null;
  scorer_instructions: string | null;
  display_type: Generated<number>;
  is_published: Generated<boolean>;
  creator_user_id: number;
  partner_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
export interface QuestionsTable {
  id: Generated<number>;
  question: string;
  short_description: string | null;
  question_type_id: number;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: NullableTimestamp;
}
export interface QuestionAnswersTable {
  id: Generated<number>;
  question_id: number;
  answer: string;
  position: number;
}
export interface RubricQuestionsTable {
  rubric_id: number;
  question_id: number;
  position: number;
}
export type RubricRow = Selectable<RubricsTable>;
export type QuestionRow = Selectable<QuestionsTable>;

/* Playlists (spec 001 §3). */
export interface PlaylistsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number | null;
  name: string;
  description: string | null;
  public: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface PlaylistScenariosTable {
  id: Generated<number>;
  playlist_id: number;
  scenario_id: string;
  position: number;
  /** the owner's progress (spec 001 §4); null until the visit issue fills it */
  status: number | null;
  visit_id: number | null;
  created_at: Generated<Date>;
}
export type PlaylistRow = Selectable<PlaylistsTable>;

/* Scenario forms (scorecard, feedback form, participant feedback), merged into DB by declaration merging. */
export interface ScenarioFormsTable {
  id: Generated<number>;
  scenario_id: string;
  kind: 'scorecard' | 'feedback-form' | 'participant-feedback';
  instructions: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ScenarioFormItemsTable {
  id: Generated<number>;
  form_id: number;
  question_id: number | null;
  rubric_id: number | null;
  position: number;
  created_at: Generated<Date>;
}
export interface DB {
  scenario_forms: ScenarioFormsTable;
  scenario_form_items: ScenarioFormItemsTable;
}

/* Visit payments (issue 5), merged into DB by declaration merging. Amounts are integer cents. */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  scenario_id: string;
  idempotency_key: string;
  provider: 'stripe' | 'demo';
  provider_intent_id: string | null;
  fee_cents: number;
  processing_fee_cents: number;
  amount_cents: number;
  amount_refunded_cents: Generated<number>;
  currency: Generated<string>;
  status: Generated<'pending' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled'>;
  name_on_card: string;
  error_message: string | null;
  visit_request_id: number | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}
export interface PaymentCreditsTable {
  id: Generated<number>;
  user_id: number;
  scenario_id: string;
  amount_cents: number;
  source_payment_id: number | null;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface PaymentEventsTable {
  event_id: string;
  provider: string;
  type: string;
  payment_id: number | null;
  processed_at: Generated<Date>;
}
export interface DemoPaymentIntentsTable {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  payment_method: string;
  status: string;
  error_message: string | null;
  created_at: Generated<Date>;
}
export type PaymentRow = Selectable<PaymentsTable>;
export interface DB {
  payments: PaymentsTable;
  payment_credits: PaymentCreditsTable;
  payment_events: PaymentEventsTable;
  demo_payment_intents: DemoPaymentIntentsTable;
}

/* Mobile verification codes (spec 002 §2.4), merged into DB by declaration merging. */
export interface MobileVerificationCodesTable {
  user_id: number;
  mobile_number: string;
  code_hash: string;
  salt: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}
export interface DB {
  mobile_verification_codes: MobileVerificationCodesTable;
}

/* Visits (issue 5; migration 20261121180000_visits), merged into DB by declaration merging. */
export interface VisitsTable {
  id: Generated<number>;
  request_id: number | null;
  request_date_id: number | null;
  scenario_id: string;
  partner_id: number;
  learner_user_id: number;
  sp_user_id: number;
  start_at: Timestamp;
  end_at: Timestamp;
  payment_amount_cents: Generated<number>;
  is_confirmed: Generated<boolean>;
  confirmed_at: NullableTimestamp;
  is_canceled: Generated<boolean>;
  canceled_at: NullableTimestamp;
  canceled_by_user_id: number | null;
  is_sp_cancellation: Generated<boolean>;
  is_complete: Generated<boolean>;
  completed_at: NullableTimestamp;
  no_show: Generated<boolean>;
  learner_technical_issue: Generated<boolean>;
  is_scorecard_complete: Generated<boolean>;
  is_feedback_form_complete: Generated<boolean>;
  is_participant_feedback_complete: Generated<boolean>;
  meeting_id: string | null;
  recording_url: string | null;
  reschedule_token: string | null;
  confirmation_requested_at: NullableTimestamp;
  reminder_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface VisitObserversTable {
  id: Generated<number>;
  visit_id: number;
  user_id: number;
  is_complete: Generated<boolean>;
  completed_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface VisitEventsTable {
  id: Generated<number>;
  type: string;
  request_id: number | null;
  visit_id: number | null;
  actor_user_id: number | null;
  payload: Generated<unknown>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  processed_at: NullableTimestamp;
}
export type VisitRow = Selectable<VisitsTable>;
export type VisitEventRow = Selectable<VisitEventsTable>;
export type VisitObserverRow = Selectable<VisitObserversTable>;
export type RequestRow = Selectable<RequestsTable>;
export interface DB {
  visits: VisitsTable;
  visit_observers: VisitObserversTable;
  visit_events: VisitEventsTable;
}

/* Visit jobs, event deliveries and inbound SMS (migration 20261121186000_visit_jobs), merged by declaration merging. */
export interface VisitEventsTable {
  /** the claiming processor's lease, and the time of the next try after a failure */
  locked_until: NullableTimestamp;
}
export interface OutboxTable {
  /** [{filename, content_type, content}] (the .ics invites of a mail) */
  attachments: Generated<unknown>;
}
export interface VisitMessageDeliveriesTable {
  event_id: number;
  key: string;
  user_id: number | null;
  channel: 'mail' | 'sms' | 'notification';
  invite_uid: string | null;
  invite_method: 'REQUEST' | 'CANCEL' | null;
  invite_start_at: NullableTimestamp;
  invite_end_at: NullableTimestamp;
  invite_sequence: number | null;
  created_at: Generated<Date>;
}
export interface SmsInboundMessagesTable {
  message_sid: string;
  from_number: string;
  outcome: string;
  visit_id: number | null;
  received_at: Generated<Date>;
}
export interface DB {
  visit_message_deliveries: VisitMessageDeliveriesTable;
  sms_inbound_messages: SmsInboundMessagesTable;
}

/* Visit scorecards (issue 5; migration 20261121193000_visit_scorecards), merged into DB by declaration merging. */
export interface VisitScorecardsTable extends SyncColumns {
  id: string;
  visit_id: number;
  kind: 'scorecard' | 'feedback-form' | 'participant-feedback';
  user_id: number;
  submitted_at: NullableTimestamp;
}
export type VisitScorecardRow = Selectable<VisitScorecardsTable>;
export interface DB {
  visit_scorecards: VisitScorecardsTable;
}

/* Training sessions, minimal (migration 20261121200000_training_sessions), merged into DB by declaration merging. */
export interface TrainingSessionsTable {
  id: Generated<number>;
  scenario_id: string | null;
  trainer_user_id: number;
  partner_id: number;
  /** 0 zero, 1 scenario, 2 onboarding, 3 grouped, 4 large group */
  training_session_type_id: number;
  start_at: Timestamp;
  is_sim: Generated<boolean>;
  job_number: string | null;
  is_complete: Generated<boolean>;
  is_canceled: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface TrainingSessionUsersTable {
  id: Generated<number>;
  training_session_id: number;
  user_id: number;
  role_id: number;
  created_at: Generated<Date>;
}
export type TrainingSessionRow = Selectable<TrainingSessionsTable>;
export interface DB {
  training_sessions: TrainingSessionsTable;
  training_session_users: TrainingSessionUsersTable;
}
