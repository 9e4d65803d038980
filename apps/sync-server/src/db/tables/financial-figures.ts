/**
 * The financial figures kept per partner and local month (migration 20261129030000, decision 0096). `month` is the
 * local month index (year * 12 + month - 1) in the partner's time zone; hours are kept in hundredths, pay in cents.
 */
export interface FinancialDirtyTable {
  partner_id: number;
  month: number;
}

export interface FinancialPersonMonthsTable {
  partner_id: number;
  month: number;
  user_id: number | null;
  scenario_id: string | null;
  job_number: string | null;
  category: string;
  rate_cents: number;
  pieces: number;
  centihours: number;
  cents: number;
}

export interface FinancialPartnerMonthsTable {
  partner_id: number;
  month: number;
  category: string;
  pieces: number;
  centihours: number;
  cents: number;
}

export interface FinancialPeopleTable {
  partner_id: number;
  month: number;
  user_id: number;
  sort_key: string;
}

export interface FinancialFigureTables {
  financial_dirty: FinancialDirtyTable;
  financial_person_months: FinancialPersonMonthsTable;
  financial_partner_months: FinancialPartnerMonthsTable;
  financial_people: FinancialPeopleTable;
}

/** The payment report's kept months (decision 0096): succeeded visit payments per month, request partner and scenario. */
export interface PaymentMonthsTable {
  /** the month index in the centre's (partner 1's) time zone */
  month: number;
  /** the booked request's partner; null for a payment not attached to a request */
  partner_id: number | null;
  scenario_id: string;
  payments: number;
  fee_cents: number;
  processing_fee_cents: number;
  refunded_cents: number;
}

export interface PaymentMonthTables {
  payment_dirty: { month: number };
  payment_months: PaymentMonthsTable;
}
