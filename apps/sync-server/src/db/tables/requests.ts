import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns';

/* Applications, requests (visit and interview requests), interviews and quotes. */
export interface ApplicationsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number;
  /** 'unconfirmed' until the applicant confirms the email (migration 20261127100000_applying) */
  status: Generated<'unconfirmed' | 'pending' | 'approved' | 'rejected'>;
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
  /* interviews as sessions (migration 20261127110000_interviews, decision 0048) */
  meeting_id: string | null;
  completed_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  canceled_by_user_id: number | null;
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

export type RequestRow = Selectable<RequestsTable>;
export type InterviewRow = Selectable<InterviewsTable>;

/** These tables as kysely's DB has them (db/types.ts). */
export interface RequestTables {
  applications: ApplicationsTable;
  application_roles: ApplicationRolesTable;
  requests: RequestsTable;
  request_dates: RequestDatesTable;
  interviews: InterviewsTable;
  quote_requests: QuoteRequestsTable;
  quotes: QuotesTable;
}
