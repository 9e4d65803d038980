import { centsToAmount, type QuoteAmounts, type QuoteDetail, type QuoteSave, quoteAmounts, toCents } from '@simvisit/schema';

/** The quote builder's values as the inputs hold them (text), before the shared schema reads them. */
export interface QuoteFormValues {
  title: string;
  subdomain: string;
  session_rate: string;
  agreement_duration: string;
  target_start_date: string;
  scenarios: { scenario_id: string; scenario_count_invoice: string }[];
}

/** What the builder starts from: the saved quote when there is one, else the request's sold counts. */
export function quoteFormValues(detail: QuoteDetail): QuoteFormValues {
  const saved = detail.pending_partner;
  return {
    title: saved?.title ?? '',
    subdomain: saved?.slug ?? '',
    session_rate: saved ? saved.session_rate : '',
    agreement_duration: saved?.agreement_duration == null ? '' : String(saved.agreement_duration),
    target_start_date: saved?.target_start_date ?? '',
    scenarios: detail.selected_scenarios.map((s) => ({
      scenario_id: s.scenario_id,
      scenario_count_invoice: String(s.scenario_count_invoice),
    })),
  };
}

/** A count as typed, for the preview only (the schema says what is wrong with it): a whole number ≥ 0, else 0. */
function countOf(text: string): number {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The rate as typed in cents, for the preview only: 0 while it is not an amount (its own message says why). */
function rateCentsOf(text: string): number {
  try {
    return text.trim() === '' ? 0 : toCents(text.trim());
  } catch {
    return 0;
  }
}

/**
 * The amounts the server will compute for these values (the shared rule, decision 0070); null when they are too
 * large to be an amount at all (the rule refuses them; the rate's and the counts' own bounds say why).
 */
export function previewAmounts(values: Pick<QuoteFormValues, 'session_rate' | 'scenarios'>): QuoteAmounts | null {
  try {
    return quoteAmounts(
      rateCentsOf(values.session_rate),
      values.scenarios.map((s) => countOf(s.scenario_count_invoice)),
    );
  } catch {
    return null;
  }
}

const NO_AMOUNTS: QuoteAmounts = { payment_amount_cents: 0, processing_fee_cents: 0, total_amount_cents: 0, number_of_sessions: 0 };

/**
 * The body of save-quote and approve-partner (spec 002 §7): the values as typed, the amounts as dollars from the
 * shared rule. It is what is sent, not the schema's output (that holds cents); the server reads it again.
 */
export function quoteSaveBody(detail: QuoteDetail, values: QuoteFormValues): QuoteSave {
  const amounts = previewAmounts(values) ?? NO_AMOUNTS;
  return {
    request_id: detail.quote.id,
    id: detail.pending_partner?.id ?? null,
    user_id: detail.quote.user.user_id,
    title: values.title,
    subdomain: values.subdomain,
    session_rate: values.session_rate.trim(),
    agreement_duration: values.agreement_duration,
    target_start_date: values.target_start_date,
    number_of_sessions: amounts.number_of_sessions,
    payment_amount: centsToAmount(amounts.payment_amount_cents),
    processing_fee: centsToAmount(amounts.processing_fee_cents),
    total_amount: centsToAmount(amounts.total_amount_cents),
    scenarios: values.scenarios.map((s) => ({ scenario_id: s.scenario_id, scenario_count_invoice: s.scenario_count_invoice })),
  };
}
