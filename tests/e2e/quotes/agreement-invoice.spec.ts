import { AGREEMENT_MESSAGES as A, INVOICE_MESSAGES as I } from '@simvisit/schema';
import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createApplicantForRecruitment } from '../../support/factories';
import { field } from '../../support/forms';
import { outboxIds, waitForMessage } from '../../support/outbox';
import { approveQuoteAs, requestQuoteAs } from '../../support/quotes';
import { expect, expectAccessible, test } from '../../support/test';

/*
 * The other ends of an agreement (issue 19 items 4 and 6): paid by invoice, which the super admin marks as paid,
 * and rejected. Each test makes its own requester and quote through the product's calls; the pages under test
 * are the agreement's, the invoices' and the dashboard's.
 */
test.describe('Agreements paid by invoice, and rejected', () => {
  test('a signed agreement asks for an invoice with a separate billing contact; the super admin marks it as paid and it is finalized', async ({
    page,
    browser,
  }) => {
    // Two people in two browsers through a dozen pages: like the other journeys of several actors, 90 s (it ran out
    // of 30 s on a loaded machine with every step answering).
    test.setTimeout(90_000);
    const stamp = Date.now();
    const company = `Invoice Care ${stamp}`;
    const title = `Invoice Simulation ${stamp}`;
    const billingEmail = `billing-${stamp}@quotes.simvisit.test`;
    const requester = await createApplicantForRecruitment({ partnerId: 28, first: 'Ivy', last: `Buyer ${stamp}` });
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await login(buyer, requester.email, { password: requester.password, slug: 'simclusive' });
    const requestId = await requestQuoteAs(buyer, company);

    await login(page, ACCOUNTS.superadmin);
    await approveQuoteAs(page, requestId, `invoice${stamp.toString(36)}`, title);

    await buyer.goto('/agreements');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
    await expectAccessible(buyer, 'the agreements list');
    await buyer.getByRole('link', { name: `View ${title}` }).click();
    const sign = buyer.getByRole('form', { name: 'Sign the agreement' });
    await field(sign, 'First Name').fill('Ivy');
    await field(sign, 'Last Name').fill('Buyer');
    await sign.getByRole('checkbox', { name: /separate billing contact/i }).check();
    await sign.getByRole('button', { name: 'Agree to Terms' }).click();
    await expect(sign.getByText(A.billingNameRequired)).toBeVisible();
    await expectAccessible(buyer, 'the billing contact refused');
    await field(sign, 'Billing Contact Name').fill('Bill Payable');
    await field(sign, 'Billing Email').fill(billingEmail);
    await field(sign, 'Billing Phone').fill('(518) 555-0199');
    await field(sign, 'Address 1').fill('2 Ledger Street');
    await field(sign, 'City').fill('Albany');
    await field(sign, 'State').selectOption({ index: 1 });
    await field(sign, 'Zip').fill('12207');
    await sign.getByRole('button', { name: 'Agree to Terms' }).click();
    await expect(notification(buyer, A.signed)).toBeVisible();

    const before = await outboxIds(buyer.request);
    await buyer.getByRole('button', { name: 'Request Invoice' }).click();
    await expect(notification(buyer, A.invoiceRequested)).toBeVisible();
    await expect(buyer.getByRole('button', { name: 'View Invoice' })).toBeVisible();
    await expectAccessible(buyer, 'the invoice requested');
    const invoiceMail = await waitForMessage(buyer.request, { to: billingEmail, notIn: before });
    expect(invoiceMail.text).toContain('INV-');

    // The super admin's Invoice Requests: Pending, then Mark As Paid behind a confirmation, once.
    await page.goto('/management/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice Requests' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(row.getByText(/^\d\d\/\d\d\/\d{4}$/)).toBeVisible();
    await expectAccessible(page, 'the invoice requests');
    await row.getByRole('link', { name: `View ${title}` }).click();
    await expect(page.getByText(company).first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark As Paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark As Paid' });
    await expect(dialog.getByRole('button', { name: 'Mark As Paid' })).toBeVisible();
    await expectAccessible(page, 'the mark-as-paid confirmation');
    await dialog.getByRole('button', { name: 'Mark As Paid' }).click();
    await expect(notification(page, I.markedPaid)).toBeVisible();
    await expect(page.getByText(/Payment was submitted on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark As Paid' })).toHaveCount(0);
    await page.goto('/management/invoices');
    await expect(page.getByRole('row').filter({ hasText: title }).getByText('Complete')).toBeVisible();

    // The requester's agreement is finalized: the partner exists, with its passcode.
    await buyer.reload();
    await expect(buyer.getByText('Your partner is ready')).toBeVisible();
    await expect(field(buyer, 'Passcode')).not.toHaveValue('');
    await expectAccessible(buyer, 'the agreement finalized by invoice');
    await buyerContext.close();
  });

  test("a rejected quote's requester is told by mail and sees the rejected notice", async ({ page, browser }) => {
    const stamp = Date.now();
    const requester = await createApplicantForRecruitment({ partnerId: 28, first: 'Rory', last: `Rejected ${stamp}` });
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await login(buyer, requester.email, { password: requester.password, slug: 'simclusive' });
    const company = `Declined Care ${stamp}`;
    const requestId = await requestQuoteAs(buyer, company);

    await login(page, ACCOUNTS.superadmin);
    await page.goto(`/management/quote/${requestId}`);
    const before = await outboxIds(page.request);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog', { name: 'Reject Quote' }).getByRole('button', { name: 'Reject' }).click();
    await expect(notification(page, 'Partner rejected')).toBeVisible();
    await waitForMessage(page.request, { to: requester.email, notIn: before });

    await buyer.goto('/dashboard');
    const card = buyer.getByRole('listitem').filter({ hasText: company });
    await expect(card.getByText('Rejected')).toBeVisible();
    await card.getByRole('link', { name: 'View Quote' }).click();
    await expect(buyer.getByText(A.rejected)).toBeVisible();
    await expect(buyer.getByRole('form', { name: 'Sign the agreement' })).toHaveCount(0);
    await expectAccessible(buyer, 'a rejected agreement');
    await buyerContext.close();
  });
});
