import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../columns';

/* Visit payments (issue 5), merged into DB by declaration merging. Amounts are integer cents. */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  /** a visit payment's scenario; null for an agreement's payment (quote_id) */
  scenario_id: string | null;
  /** an agreement's payment (issue 19); null for a visit payment */
  quote_id: Generated<number | null>;
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
/** These tables as kysely's DB has them (db/types.ts). */
export interface PaymentTables {
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
/** These tables as kysely's DB has them (db/types.ts). */
export interface PaymentTables {
  mobile_verification_codes: MobileVerificationCodesTable;
}
