import { agreementsApi, AGREEMENT_MESSAGES as M } from '@simvisit/schema';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgreementPage } from '../src/features/agreements/AgreementPage';
import { AgreementsPage, NO_AGREEMENTS } from '../src/features/agreements/AgreementsPage';
import { ApiError } from '../src/lib/api';
import { answer, errorUnder, renderPage } from './support/agreements';

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

const headings = () => screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
  calls.apiBlobCall.mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
});

describe('the agreements list', () => {
  it('shows each title with a View button to its page', async () => {
    calls.apiCall.mockResolvedValue({
      agreements: [
        { id: 7, title: 'Riverside Health', state: 'signed' },
        { id: 9, title: 'Lakeside Clinic', state: 'rejected' },
      ],
    });
    renderPage(<AgreementsPage />);
    const view = await screen.findByRole('link', { name: 'View Riverside Health' });
    expect(view.getAttribute('href')).toBe('/agreement/7');
    expect(screen.getByRole('link', { name: 'View Lakeside Clinic' }).getAttribute('href')).toBe('/agreement/9');
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    expect(calls.apiCall).toHaveBeenCalledWith(agreementsApi.list);
  });

  it('says when there is none', async () => {
    calls.apiCall.mockResolvedValue({ agreements: [] });
    renderPage(<AgreementsPage />);
    expect(await screen.findByText(NO_AGREEMENTS)).toBeTruthy();
  });
});

describe('the agreement page by state', () => {
  it('rejected: the notice only', async () => {
    renderPage(<AgreementPage agreementId={7} />, answer('rejected'));
    expect(await screen.findByText(M.rejected)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sign the agreement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(calls.apiBlobCall).not.toHaveBeenCalled();
  });

  it('unsigned: the summary, the PDF in the page with its download, and the signing form', async () => {
    renderPage(<AgreementPage agreementId={7} />, answer('unsigned'));
    const pdf = await vi.waitFor(() => {
      const found = document.querySelector('object[type="application/pdf"]');
      if (!found) throw new Error('no PDF yet');
      return found;
    });
    expect(pdf.getAttribute('data')).toBe('blob:agreement-pdf');
    expect(calls.apiBlobCall).toHaveBeenCalledWith(agreementsApi.pdf, { query: { agreement_id: 7 } });
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('blob:agreement-pdf');
    for (const text of ['Chest pain', 'Breaking bad news', '$100.00', '12 months', '01/04/2027', '$1,200.00', '$36.35', '$1,236.35']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('form', { name: 'Sign the agreement' })).toBeTruthy();
    expect(headings()).toEqual(['H1 Riverside Health', 'H2 Summary', 'H2 Agreement terms', 'H2 Sign the agreement']);
  });

  it('signed and unpaid: who signed, View Receipt, card payment and the invoice request', async () => {
    renderPage(<AgreementPage agreementId={7} />, answer('signed'));
    expect(await screen.findByText(/Signed by Ada Lovelace/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $1,236.35' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request Invoice' })).toBeTruthy();
    expect(calls.apiBlobCall).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Receipt' }));
    await vi.waitFor(() => expect(calls.apiBlobCall).toHaveBeenCalledWith(agreementsApi.pdf, { query: { agreement_id: 7 } }));
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeTruthy();
  });

  it('finalized: the passcode to keep, the landing page configuration and View Receipt', async () => {
    renderPage(<AgreementPage agreementId={7} />, answer('finalized', {}, 'Xk#pR2m!vQa9'));
    expect(((await screen.findByLabelText('Passcode')) as HTMLInputElement).value).toBe('Xk#pR2m!vQa9');
    expect(screen.getByRole('heading', { name: 'Brand passcode' })).toBeTruthy();
    expect(screen.getByText('Keep this passcode somewhere safe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure your landing page' }).getAttribute('href')).toBe('/management/partner/44');
    expect(screen.getByText(/\/login\?partner_slug=riverside$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Receipt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Sign the agreement' })).toBeNull();
  });

  it('says an agreement it may not see is not found', async () => {
    calls.apiCall.mockRejectedValue(new ApiError(404, { message: M.agreementNotFound }));
    renderPage(<AgreementPage agreementId={8} />);
    expect(await screen.findByRole('heading', { name: /Error: 404/ })).toBeTruthy();
  });
});

describe('signing', () => {
  const sign = () => userEvent.setup();

  it('refuses missing names and a missing billing contact in the spec’s words, sending nothing', async () => {
    renderPage(<AgreementPage agreementId={7} />, answer('unsigned'));
    const user = sign();
    await user.click(await screen.findByRole('button', { name: 'Agree to Terms' }));
    await vi.waitFor(() => expect(errorUnder('First Name')).toBe(M.firstNameRequired));
    expect(errorUnder('Last Name')).toBe(M.lastNameRequired);
    await user.click(screen.getByLabelText('Use a separate billing contact'));
    await user.type(screen.getByLabelText(/Billing Phone/), '12');
    await user.click(screen.getByRole('button', { name: 'Agree to Terms' }));
    await vi.waitFor(() => expect(errorUnder(/Billing Contact Name/)).toBe(M.billingNameRequired));
    expect(errorUnder(/Billing Email/)).toBe(M.billingEmailRequired);
    expect(errorUnder(/Billing Phone/)).toBe(M.billingPhoneInvalid);
    expect(errorUnder(/Address 1/)).toBe(M.billingAddressRequired);
    expect(errorUnder(/City/)).toBe(M.billingCityRequired);
    expect(errorUnder(/State/)).toBe(M.billingStateRequired);
    expect(errorUnder(/Zip/)).toBe(M.billingZipRequired);
    expect(callsTo(agreementsApi.sign)).toEqual([]);
  });

  it('sends the names alone without a billing contact, then shows the payment step', async () => {
    calls.apiCall.mockResolvedValue(answer('signed'));
    renderPage(<AgreementPage agreementId={7} />, answer('unsigned'));
    const user = sign();
    await user.type(await screen.findByLabelText(/First Name/), ' Ada ');
    await user.type(screen.getByLabelText(/Last Name/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Agree to Terms' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.signed));
    expect(callsTo(agreementsApi.sign)).toEqual([
      { body: { agreement_id: 7, first_name: 'Ada', last_name: 'Lovelace', billing_address: null } },
    ]);
    expect(await screen.findByRole('button', { name: 'Pay $1,236.35' })).toBeTruthy();
  });

  it('sends the billing contact when the box is ticked', async () => {
    calls.apiCall.mockResolvedValue(answer('signed'));
    renderPage(<AgreementPage agreementId={7} />, answer('unsigned'));
    const user = sign();
    await user.type(await screen.findByLabelText(/First Name/), 'Ada');
    await user.type(screen.getByLabelText(/Last Name/), 'Lovelace');
    await user.click(screen.getByLabelText('Use a separate billing contact'));
    await user.type(screen.getByLabelText(/Billing Contact Name/), 'Accounts Payable');
    await user.type(screen.getByLabelText(/Billing Email/), 'ap@riverside.example');
    await user.type(screen.getByLabelText(/Billing Phone/), '(212) 555-0142');
    await user.type(screen.getByLabelText(/Address 1/), '1 River Road');
    await user.type(screen.getByLabelText(/City/), 'Albany');
    await user.selectOptions(screen.getByLabelText(/State/), '33');
    await user.type(screen.getByLabelText(/Zip/), '12207');
    await user.click(screen.getByRole('button', { name: 'Agree to Terms' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.signed));
    expect(callsTo(agreementsApi.sign)).toEqual([
      {
        body: {
          agreement_id: 7,
          first_name: 'Ada',
          last_name: 'Lovelace',
          billing_address: {
            name: 'Accounts Payable',
            email: 'ap@riverside.example',
            phone: '(212) 555-0142',
            address_1: '1 River Road',
            address_2: null,
            city: 'Albany',
            state: 33,
            zip: '12207',
          },
        },
      },
    ]);
  });

  it('says a refused signing with the spec’s title and puts field messages under their fields', async () => {
    const refusal = new ApiError(422, { message: M.lastNameRequired, errors: { last_name: [M.lastNameRequired] } });
    calls.apiCall.mockRejectedValue(refusal);
    renderPage(<AgreementPage agreementId={7} />, answer('unsigned'));
    const user = sign();
    await user.type(await screen.findByLabelText(/First Name/), 'Ada');
    await user.type(screen.getByLabelText(/Last Name/), 'L');
    await user.click(screen.getByRole('button', { name: 'Agree to Terms' }));
    await vi.waitFor(() => expect(calls.notifyFailure).toHaveBeenCalledWith(M.signError, refusal));
    expect(errorUnder('Last Name')).toBe(M.lastNameRequired);
  });
});
