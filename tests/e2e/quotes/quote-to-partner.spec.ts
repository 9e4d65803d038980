import { AGREEMENT_MESSAGES as A, QUOTE_MESSAGES as Q, QUOTE_REQUEST_MESSAGES as QR } from '@simvisit/schema';
import { ACCOUNTS, BASE_URL, subdomainUrl } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { field } from '../../support/forms';
import { linkIn, outboxIds, waitForMessage } from '../../support/outbox';
import { expect, expectAccessible, test } from '../../support/test';

const escaped = (s: string) => s.replace(/[.]/g, '\\.');
const AGREEMENT_LINK = new RegExp(`${escaped(BASE_URL)}/agreement/\\d+`);
const CONFIRM_LINK = /http:\/\/\S+\/(?:confirm-email|register\/confirm)\S*/;

/*
 * How an organisation becomes a branded partner (issue 19; spec 002 §2.18–2.20): a quote requested from the
 * simclusive login by someone without an account, built and approved by the super admin, signed and paid by card
 * (the demo provider's 4242 test card), finalized with a passcode; then the new partner's own login at its
 * subdomain, where a learner registers and enters that passcode. Every name and subdomain is the run's own.
 */
test('a quote from the simclusive login becomes a branded partner: approved, signed, paid by card, and a learner registers there', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `buyer-${stamp}@quotes.simvisit.test`;
  const password = `Harbor-Lantern-${stamp}`;
  const company = `Harbor Clinical ${stamp}`;
  const slug = `harbor${stamp.toString(36)}`;
  const title = `Harbor Simulation ${stamp}`;

  const buyerContext = await browser.newContext({ baseURL: BASE_URL });
  const buyer = await buyerContext.newPage();

  await test.step('1. the requester asks for a quote from the login page and confirms the email', async () => {
    await buyer.goto('/login?partner_slug=simclusive');
    await buyer.getByRole('link', { name: 'Request a Quote?' }).click();
    await expect(buyer).toHaveURL(/\/request-quote/);
    await expect(buyer.getByRole('heading', { name: 'Request a Quote' })).toBeVisible();
    await expectAccessible(buyer, 'the quote request form');
    await field(buyer, 'First Name').fill('Harper');
    await field(buyer, 'Last Name').fill('Quill');
    await field(buyer, 'Email').fill(email);
    await field(buyer, 'Password').fill(password);
    await field(buyer, 'Confirm Password').fill(password);
    await field(buyer, 'Mobile Number').fill('(212) 555-0142');
    await field(buyer, 'Job Title').fill('Simulation Director');
    await field(buyer, 'Company Name').fill(company);
    await field(buyer, 'Address 1').fill('1 Harbor Way');
    await field(buyer, 'City').fill('Albany');
    await field(buyer, 'State').selectOption({ index: 1 });
    await field(buyer, 'Zip').fill('12207');
    await field(buyer, 'Scenario 1').selectOption({ index: 1 });
    await field(buyer, 'Sessions 1').fill('10');
    const before = await outboxIds(buyer.request);
    await buyer.getByRole('button', { name: 'Request a Quote' }).click();
    await expect(buyer.getByText(QR.sentConfirm(email))).toBeVisible();
    await expectAccessible(buyer, 'the quote request sent');
    const mail = await waitForMessage(buyer.request, { to: email, notIn: before, subject: /Confirm your email/ });
    await buyer.goto(linkIn(mail.text, CONFIRM_LINK));
    await expect(buyer.getByText('Your email address is confirmed.')).toBeVisible();
    await expectAccessible(buyer, 'the email confirmed');
  });

  await test.step('2. the super admin builds the quote and approves it; the requester is mailed the agreement', async () => {
    await login(page, ACCOUNTS.superadmin);
    await page.goto(`/management/quotes?email=${encodeURIComponent(email)}`);
    await expect(page.getByRole('link', { name: 'Harper Quill' })).toBeVisible();
    await expectAccessible(page, 'the quote requests found by email');
    await page.getByRole('link', { name: 'Harper Quill' }).click();
    await expect(page.getByText(company)).toBeVisible();
    await page.getByLabel(/: sessions sold$/).fill('10');
    await field(page, 'Session Rate (USD)').fill('40');
    // 10 × $40 = $400; the fee (400 + 0.30) / 0.971 − 400 = $12.26.
    await expect(page.getByText('$412.26')).toBeVisible();
    await field(page, 'Agreement Duration (Months)').fill('12');
    await field(page, 'Brand Title').fill(title);
    await field(page, 'Brand Subdomain').fill(slug);
    await field(page, 'Target Start Date').fill('2099-01-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, Q.saved)).toBeVisible();
    await expectAccessible(page, 'a saved quote');
    const before = await outboxIds(page.request);
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Quote' });
    await expect(dialog.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectAccessible(page, 'the approval confirmation');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(notification(page, Q.approved)).toBeVisible();
    await expect(page.getByText('This quote was approved.')).toBeVisible();
    const mail = await waitForMessage(page.request, { to: email, notIn: before });
    expect(linkIn(mail.text, AGREEMENT_LINK)).toMatch(/\/agreement\/\d+$/);
  });

  let passcode = '';
  await test.step('3. the requester opens the quote from the dashboard, signs and pays by card', async () => {
    await buyer.goto('/dashboard');
    const card = buyer.getByRole('listitem').filter({ hasText: company });
    await expect(card.getByText('Document signing and Payment required')).toBeVisible();
    await expectAccessible(buyer, 'the applicant dashboard');
    await card.getByRole('link', { name: 'View Quote' }).click();
    await expect(buyer).toHaveURL(/\/agreement\/\d+$/);
    await expect(buyer.getByText('Agreement terms')).toBeVisible();
    await expectAccessible(buyer, 'the agreement to sign');

    const sign = buyer.getByRole('form', { name: 'Sign the agreement' });
    await sign.getByRole('button', { name: 'Agree to Terms' }).click();
    await expect(sign.getByText(A.firstNameRequired)).toBeVisible();
    await field(sign, 'First Name').fill('Harper');
    await field(sign, 'Last Name').fill('Quill');
    await sign.getByRole('button', { name: 'Agree to Terms' }).click();
    await expect(notification(buyer, A.signed)).toBeVisible();

    const pay = buyer.getByRole('form', { name: 'Card payment' });
    await expect(pay.getByText('$412.26').first()).toBeVisible();
    await expectAccessible(buyer, 'the signed agreement to pay');
    await pay.getByLabel('Name on card').fill('Harper Quill');
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiration (MM/YY)').fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay $412.26' }).click();
    await expect(notification(buyer, A.paymentSubmitted)).toBeVisible();
    await expect(buyer.getByText('Your partner is ready')).toBeVisible();
    passcode = await field(buyer, 'Passcode').inputValue();
    expect(passcode).not.toBe('');
    await expect(buyer.getByRole('link', { name: 'Configure your landing page' })).toBeVisible();
    await expectAccessible(buyer, 'the finalized agreement');

    await buyer.goto('/dashboard');
    await expect(buyer.getByRole('listitem').filter({ hasText: company }).getByText('Agreement finalized')).toBeVisible();
  });

  await test.step("4. the new partner's branded login works at its subdomain, and a learner registers there", async () => {
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    const learnerEmail = `first-learner-${stamp}@quotes.simvisit.test`;
    const learnerPassword = `Clinic-Beacon-${stamp}`;
    await learner.goto(`${BASE_URL}/p/${slug}`);
    await expect(learner.getByRole('heading', { name: `Welcome to ${title}`, level: 1 })).toBeVisible();
    await expectAccessible(learner, "the new partner's public landing page");
    await learner.goto(subdomainUrl(slug, '/login'));
    await expect(learner.getByRole('img', { name: title })).toBeVisible();
    await expectAccessible(learner, "the new partner's login");
    await learner.getByRole('link', { name: "Don't have an account? Register today!" }).click();
    await expect(learner.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectAccessible(learner, "the new partner's registration");
    await field(learner, 'First Name').fill('Lee');
    await field(learner, 'Last Name').fill('Learner');
    await field(learner, 'Email').fill(learnerEmail);
    await field(learner, 'Password').fill(learnerPassword);
    await field(learner, 'Confirm Password').fill(learnerPassword);
    const before = await outboxIds(learner.request);
    await learner.getByRole('button', { name: 'Register' }).click();
    await expect(learner.getByText(`Thank you for registering! We sent a link to ${learnerEmail}.`)).toBeVisible();
    const mail = await waitForMessage(learner.request, { to: learnerEmail, notIn: before, subject: /Confirm your email/ });
    await learner.goto(linkIn(mail.text, CONFIRM_LINK));
    await expect(learner.getByText('Your email address is confirmed. Welcome!')).toBeVisible();
    await expectAccessible(learner, "the learner's email confirmed");
    await learner.getByRole('link', { name: 'Continue to dashboard >>' }).click();
    await expect(learner).toHaveURL(/\/passcode$/);
    await expectAccessible(learner, "the new partner's passcode page");
    await field(learner, 'Passcode').fill(passcode);
    await learner.getByRole('button', { name: 'Submit Passcode' }).click();
    await expect(learner).toHaveURL(/\/dashboard$/);
    await expectAccessible(learner, "the new partner's learner dashboard");
    await learnerContext.close();
  });
  await buyerContext.close();
});
