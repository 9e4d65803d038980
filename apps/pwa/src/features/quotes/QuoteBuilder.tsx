import {
  formatMoney,
  QUOTE_MESSAGES as M,
  QUOTE_DURATION_MAX,
  QUOTE_DURATION_MIN,
  QUOTE_SESSIONS_MAX,
  QUOTE_SUBDOMAIN_MAX,
  QUOTE_TITLE_MAX,
  type QuoteAmounts,
  type QuoteDetail,
  quoteSaveSchema,
  toCents,
} from '@simvisit/schema';
import { Alert, Button, ConfirmDialog, TextField } from '@simvisit/ui';
import { useRef, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifySuccess } from '../../platform/notices';
import { previewAmounts, quoteFormValues, quoteSaveBody } from './quote-form';
import { notifyQuoteFailure } from './quote-notices';
import { useApproveQuote, useRejectQuote, useSaveQuote } from './quotes-api';

export interface QuoteBuilderProps {
  detail: QuoteDetail;
  /** After 'Quote saved': the page reads the quote again QUOTE_RELOAD_MS later. */
  onSaved: () => void;
  /** After an approval or a rejection: the page reads the (now read-only) quote again at once. */
  onDecided: () => void;
  /** The person typed or opened a decision: a reload still pending after 'Quote saved' must not rebuild the builder. */
  onActivity: () => void;
}

type Action = 'save' | 'approve';

/**
 * The quote builder of spec 002 §2.18 and §4: sold sessions per requested scenario, the rate, the duration, the
 * brand and the start date, with the amounts the server will compute (decision 0070). Save, Approve and Reject
 * until the quote is decided; read-only and without buttons after.
 */
export function QuoteBuilder({ detail, onSaved, onDecided, onActivity }: QuoteBuilderProps) {
  const saved = detail.pending_partner;
  const decided = saved !== null && (saved.is_approved || saved.is_rejected);
  const save = useSaveQuote();
  const approve = useApproveQuote();
  const reject = useRejectQuote();
  // Save and Approve send the same checked body; which one the submit is for is set by the button pressed.
  const action = useRef<Action>('save');
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const errorTitle = () => (action.current === 'approve' ? M.approveError : M.saveError);

  const { form, field, error, formProps, onSubmit, submitting, failure } = useApiForm({
    schema: quoteSaveSchema,
    defaultValues: quoteFormValues(detail),
    input: (values) => quoteSaveBody(detail, values),
    // What is sent is the body as typed (dollars), not the checked values (cents): the server reads it again.
    submit: async (_checked, f) => {
      const body = quoteSaveBody(detail, f.getValues());
      if (action.current === 'approve') {
        notifySuccess((await approve.mutateAsync(body)).message);
        onDecided();
      } else {
        notifySuccess((await save.mutateAsync(body)).message);
        onSaved();
      }
    },
    onError: (_failure, thrown) => notifyQuoteFailure(errorTitle(), thrown),
    onInvalid: (errors) => notifyQuoteFailure(errorTitle(), errors),
  });

  const values = form.watch();
  const amounts: QuoteAmounts | null = decided
    ? {
        number_of_sessions: saved.number_of_sessions,
        payment_amount_cents: toCents(saved.payment_amount),
        processing_fee_cents: toCents(saved.processing_fee),
        total_amount_cents: toCents(saved.total_amount),
      }
    : previewAmounts(values);

  const confirmApprove = async () => {
    action.current = 'approve';
    try {
      await onSubmit();
    } finally {
      action.current = 'save';
      setAsking(null);
    }
  };
  const confirmReject = () =>
    reject.mutate(
      { request_id: detail.quote.id },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onDecided();
        },
        onError: (thrown) => notifyQuoteFailure(M.rejectError, thrown),
        onSettled: () => setAsking(null),
      },
    );
  const scenariosError = error('scenarios');
  const busy = submitting || reject.isPending;

  return (
    <>
      <form {...formProps} onInput={onActivity} className="space-y-6" aria-label="Quote">
        {saved?.is_approved ? <Alert tone="success" title="This quote was approved." /> : null}
        {saved?.is_rejected ? <Alert tone="warning" title="This quote was rejected." /> : null}
        {failure ? (
          <Alert tone="danger" role="alert" title={errorTitle()}>
            {failure}
          </Alert>
        ) : null}
        <fieldset disabled={decided} className="space-y-6">
          <section aria-labelledby="quote-scenarios" className="space-y-3">
            <h2 id="quote-scenarios" className="text-lg font-semibold text-slate-900">
              Requested Scenarios
            </h2>
            {detail.selected_scenarios.length === 0 ? <p className="text-sm text-slate-600">No scenarios were requested.</p> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {detail.selected_scenarios.map((s, i) => (
                <TextField
                  key={s.scenario_id}
                  label={`${s.title}: sessions sold`}
                  hint={`Sessions requested: ${s.scenario_count}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={QUOTE_SESSIONS_MAX}
                  step={1}
                  {...field(`scenarios.${i}.scenario_count_invoice`)}
                />
              ))}
            </div>
            {scenariosError ? (
              <p role="alert" className="text-sm text-red-700">
                {scenariosError}
              </p>
            ) : null}
          </section>
          <section aria-labelledby="quote-terms" className="grid gap-4 sm:grid-cols-2">
            <h2 id="quote-terms" className="text-lg font-semibold text-slate-900 sm:col-span-2">
              Quote
            </h2>
            <TextField
              label="Session Rate (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              max={999.99}
              step={0.01}
              {...field('session_rate')}
            />
            <TextField
              label="Agreement Duration (Months)"
              type="number"
              inputMode="numeric"
              min={QUOTE_DURATION_MIN}
              max={QUOTE_DURATION_MAX}
              step={1}
              {...field('agreement_duration')}
            />
            <TextField label="Brand Title" maxLength={QUOTE_TITLE_MAX} {...field('title')} />
            <TextField
              label="Brand Subdomain"
              maxLength={QUOTE_SUBDOMAIN_MAX}
              hint="Lower-case letters, digits and hyphens"
              autoCapitalize="none"
              spellCheck={false}
              {...field('subdomain')}
            />
            <TextField label="Target Start Date" type="date" min={detail.settings.today} {...field('target_start_date')} />
          </section>
        </fieldset>
        <QuoteAmountsList amounts={amounts} />
        {decided ? null : (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy} onClick={() => (action.current = 'save')}>
              {submitting && !asking ? 'Saving…' : 'Save'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => {
                onActivity();
                setAsking('approve');
              }}
            >
              Approve
            </Button>
            <Button
              type="button"
              variant="danger"
              disabled={busy}
              onClick={() => {
                onActivity();
                setAsking('reject');
              }}
            >
              Reject
            </Button>
          </div>
        )}
      </form>
      {asking === 'approve' ? (
        <ConfirmDialog
          title="Approve Quote"
          description={`Save this quote and email ${detail.quote.user.name} a link to sign the agreement and pay${
            amounts ? ` ${formatMoney(amounts.total_amount_cents)}` : ''
          }?`}
          confirmLabel="Approve"
          busy={submitting}
          onConfirm={() => void confirmApprove()}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {asking === 'reject' ? (
        <ConfirmDialog
          title="Reject Quote"
          description={`Reject this quote request? ${detail.quote.user.name} is told by email. This cannot be undone.`}
          confirmLabel="Reject"
          tone="danger"
          busy={reject.isPending}
          onConfirm={confirmReject}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}

/** The figures as the server computes them (or stored them, once decided). */
function QuoteAmountsList({ amounts }: { amounts: QuoteAmounts | null }) {
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents));
  return (
    <section aria-labelledby="quote-amounts" className="space-y-2">
      <h2 id="quote-amounts" className="text-lg font-semibold text-slate-900">
        Amounts
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Number of Sessions</dt>
        <dd className="text-slate-900">{amounts ? amounts.number_of_sessions : '—'}</dd>
        <dt className="font-medium text-slate-700">Payment Amount</dt>
        <dd className="text-slate-900">{money(amounts?.payment_amount_cents)}</dd>
        <dt className="font-medium text-slate-700">Processing Fee</dt>
        <dd className="text-slate-900">{money(amounts?.processing_fee_cents)}</dd>
        <dt className="font-medium text-slate-700">Total Amount</dt>
        <dd className="font-semibold text-slate-900">{money(amounts?.total_amount_cents)}</dd>
      </dl>
    </section>
  );
}
