import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DateOnly, NullableTimestamp, Timestamp } from '../columns';

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
  /* the company details as typed on the request (migration 20261128110000_quotes_agreements_invoices) */
  mobile_number: string | null;
  job_title: string | null;
  company_name: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state_id: number | null;
  zip: string | null;
}
export interface QuoteRequestScenariosTable {
  quote_request_id: number;
  scenario_id: string;
  /** sessions asked for */
  scenario_count: Generated<number>;
  /** sessions sold (the quote builder's figure) */
  scenario_count_invoice: Generated<number>;
}
/** A quote and, once approved, its agreement (agreement_id = quotes.id). Amounts in integer cents. */
export interface QuotesTable {
  id: Generated<number>;
  quote_request_id: number;
  is_rejected: Generated<boolean>;
  is_agreement_signed: Generated<boolean>;
  is_payment_made: Generated<boolean>;
  created_at: Timestamp;
  title: string | null;
  slug: string | null;
  session_rate_cents: Generated<number>;
  number_of_sessions: Generated<number>;
  agreement_duration: number | null;
  target_start_date: DateOnly;
  payment_amount_cents: Generated<number>;
  processing_fee_cents: Generated<number>;
  total_amount_cents: Generated<number>;
  is_approved: Generated<boolean>;
  approved_at: NullableTimestamp;
  rejected_at: NullableTimestamp;
  decided_by: number | null;
  agreement_signed_at: NullableTimestamp;
  signer_user_id: number | null;
  signer_first_name: string | null;
  signer_last_name: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  agreement_pdf_sha256: string | null;
  agreement_path: string | null;
  /** the separate billing contact given when signing (spec 002 §7 billing_address), or null */
  billing_contact: ColumnType<unknown, string | null | undefined, string | null>;
  invoice_requested_at: NullableTimestamp;
  payment_made_at: NullableTimestamp;
  partner_id: number | null;
  finalized_at: NullableTimestamp;
  updated_at: Timestamp;
}
/** One numbered invoice per agreement; paid once. */
export interface InvoicesTable {
  id: Generated<number>;
  quote_id: number;
  number: string;
  amount_cents: number;
  requested_by: number;
  requested_at: Timestamp;
  paid_at: NullableTimestamp;
  marked_paid_by: number | null;
}

export type QuoteRequestRow = Selectable<QuoteRequestsTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
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
  quote_request_scenarios: QuoteRequestScenariosTable;
  quotes: QuotesTable;
  invoices: InvoicesTable;
}
