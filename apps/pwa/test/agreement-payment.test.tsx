import { agreementsApi, invoicesApi, AGREEMENT_MESSAGES as M, paymentsApi } from '@simvisit/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgreementPage } from '../src/features/agreements/AgreementPage';
import { ApiError } from '../src/lib/api';
import { answer, renderPage } from './support/agreements';

/* Paying a signed agreement (issue 19 item 4): the card through the agreement's own call, or an invoice. */

const calls = vi.hoisted(() => ({ apiCall: vi.fn(), apiBlobCall: vi.fn(), notifyFailure: vi.fn(), notifySuccess: vi.fn() }));
// Every call goes through lib/api: the pages' calls are checked by their contract and their body.
vi.mock('../src/lib/api', async (original) => ({
  ...(await original<typeof import('../src/lib/api')>()),
  apiCall: calls.apiCall,
  apiBlobCall: calls.apiBlobCall,
}));
vi.mock('../src/platform/notices', () => ({ notifyFailure: calls.notifyFailure, notifySuccess: calls.notifySuccess }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('../src/features/payments/payments-api', async (original) => ({
  ...(await original<typeof import('../src/features/payments/payments-api')>()),
  newIdempotencyKey: () => 'agreement-key-0001',
}));
vi.mock('../src/features/payments/stripe-card', () => ({ createStripeCard: vi.fn() }));

URL.createObjectURL = vi.fn(() => 'blob:agreement-pdf');
URL.revokeObjectURL = vi.fn();

const callsTo = (contract: object) => calls.apiCall.mock.calls.filter(([c]) => c === contract).map(([, input]) => input);

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
  calls.apiBlobCall.mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
});

describe('paying a signed agreement', () => {
  async function payWithCard(number = '4242 4242 4242 4242') {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Name on card/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Card number/), number);
    await user.type(screen.getByLabelText(/Expiration/), '12/40');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
  }

  it('sends the card through the agreement’s payment call, then shows the finalized agreement', async () => {
    const finalized = answer('finalized', {}, 'Xk#pR2m!vQa9');
    calls.apiCall.mockImplementation(async (contract) => {
      if (contract === agreementsApi.payment) {
        return {
          message: 'ok',
          status: 'succeeded',
          payment_id: 3,
          pending_partner: { id: 7, partner_id: 44, slug: 'riverside' },
          password: null,
        };
      }
      if (contract === agreementsApi.show) return finalized;
      throw new Error(`unexpected call ${String(contract)}`);
    });
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    await payWithCard();
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.paymentSubmitted));
    expect(callsTo(agreementsApi.payment)).toEqual([
      { body: { agreement_id: 7, name_on_card: 'Ada Lovelace', stripe_token: 'pm_card_visa', idempotency_key: 'agreement-key-0001' } },
    ]);
    expect(callsTo(paymentsApi.submit)).toEqual([]);
    expect(((await screen.findByLabelText('Passcode')) as HTMLInputElement).value).toBe('Xk#pR2m!vQa9');
  });

  it('keeps the passcode the payment answered when the next read does not carry it yet', async () => {
    calls.apiCall.mockImplementation(async (contract) => {
      if (contract === agreementsApi.payment) {
        return {
          message: 'ok',
          status: 'succeeded',
          payment_id: 3,
          pending_partner: { id: 7, partner_id: 44, slug: 'riverside' },
          password: 'Once-Only!Code',
        };
      }
      return answer('finalized');
    });
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    await payWithCard();
    expect(((await screen.findByLabelText('Passcode')) as HTMLInputElement).value).toBe('Once-Only!Code');
  });

  it('after the 3-D Secure step asks for the same payment again with the same key', async () => {
    const pending = { id: 7, partner_id: null, slug: 'riverside' };
    let attempts = 0;
    calls.apiCall.mockImplementation(async (contract) => {
      if (contract === paymentsApi.demoAuthenticate) return { status: 'succeeded' };
      if (contract === agreementsApi.payment) {
        attempts += 1;
        return attempts === 1
          ? {
              message: 'Authenticate',
              status: 'requires_action',
              payment_id: 3,
              client_secret: 'pi_3_secret',
              next_action: 'demo_authenticate',
              pending_partner: pending,
              password: null,
            }
          : { message: 'ok', status: 'succeeded', payment_id: 3, pending_partner: { ...pending, partner_id: 44 }, password: null };
      }
      return answer('finalized', {}, 'Xk#pR2m!vQa9');
    });
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    await payWithCard('4000 0025 0000 3155');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete authentication' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.paymentSubmitted));
    expect(callsTo(paymentsApi.demoAuthenticate)).toEqual([{ body: { client_secret: 'pi_3_secret', result: 'complete' } }]);
    const sent = callsTo(agreementsApi.payment);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(callsTo(paymentsApi.confirm)).toEqual([]);
  });

  it('shows the card provider’s words for a declined card', async () => {
    calls.apiCall.mockResolvedValue({
      message: 'Your card was declined.',
      status: 'failed',
      payment_id: 3,
      pending_partner: { id: 7, partner_id: null, slug: 'riverside' },
      password: null,
    });
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    await payWithCard('4000 0000 0000 0002');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(M.paymentError)).toBeTruthy();
    expect(alert.textContent).toContain('Your card was declined.');
    expect(calls.notifyFailure).toHaveBeenCalledWith(M.paymentError, expect.any(Error));
  });

  it('asks to contact support when the failure says nothing meant for the person', async () => {
    calls.apiCall.mockRejectedValue(new ApiError(500, { message: 'Server Error' }));
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    await payWithCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.paymentFallback);
    expect(alert.textContent).not.toContain('Server Error');
  });

  it('requests an invoice instead, then says so and offers the invoice', async () => {
    calls.apiCall.mockResolvedValue(answer('signed', { invoice_requested: true, invoice_id: 31 }));
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request Invoice' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.invoiceRequested));
    expect(callsTo(agreementsApi.requestInvoice)).toEqual([{ body: { agreement_id: 7 } }]);
    expect(await screen.findByText(/An invoice was requested for this agreement/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View Invoice' }));
    await vi.waitFor(() => expect(calls.apiBlobCall).toHaveBeenCalledWith(invoicesApi.pdf, { query: { invoice_id: 31 } }));
  });

  it('says a refused invoice request with the spec’s title', async () => {
    const refusal = new ApiError(409, { message: M.invoiceAlreadyRequested });
    calls.apiCall.mockRejectedValue(refusal);
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request Invoice' }));
    await vi.waitFor(() => expect(calls.notifyFailure).toHaveBeenCalledWith(M.invoiceRequestError, refusal));
    expect((await screen.findByRole('alert')).textContent).toContain(M.invoiceAlreadyRequested);
  });
});
