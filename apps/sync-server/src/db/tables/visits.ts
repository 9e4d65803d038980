import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, SyncColumns, Timestamp } from '../columns';

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
/** These tables as kysely's DB has them (db/types.ts). */
export interface VisitTables {
  visits: VisitsTable;
  visit_observers: VisitObserversTable;
  visit_events: VisitEventsTable;
}

/* Visit jobs, event deliveries and inbound SMS (migration 20261121186000_visit_jobs), merged by declaration merging. */
export interface VisitEventsTable {
  /** the claiming processor's lease, and the time of the next try after a failure */
  locked_until: NullableTimestamp;
}
declare module './platform' {
  interface OutboxTable {
    /** [{filename, content_type, content}] (the .ics invites of a mail) */
    attachments: Generated<unknown>;
  }
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
/** These tables as kysely's DB has them (db/types.ts). */
export interface VisitTables {
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
/** These tables as kysely's DB has them (db/types.ts). */
export interface VisitTables {
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
  /* migration 20261127120000_training_session_pages */
  meeting_id: string | null;
  recording_url: string | null;
  completed_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  canceled_by_user_id: number | null;
  invite_sequence: Generated<number>;
  updated_at: Generated<Date>;
}
export interface TrainingSessionUsersTable {
  id: Generated<number>;
  training_session_id: number;
  user_id: number;
  role_id: number;
  created_at: Generated<Date>;
}
export type TrainingSessionRow = Selectable<TrainingSessionsTable>;
/** These tables as kysely's DB has them (db/types.ts). */
export interface VisitTables {
  training_sessions: TrainingSessionsTable;
  training_session_users: TrainingSessionUsersTable;
}
