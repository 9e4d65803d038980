import { BASE_URL } from '../../support/accounts';
import { notification } from '../../support/auth';
import { advanceClocks, serverNow, setServerClock } from '../../support/factories';
import { field } from '../../support/forms';
import { joinMeeting, personPage, pickerValue, signedIn } from '../../support/journeys';
import { linkIn, outboxIds, waitForMessage } from '../../support/outbox';
import { type BrowserContext, expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Becoming an SP, as its people use it (issue 12; spec 000 §2.3, §2.10; spec 001 §2, §4; decisions 0047, 0048,
 * 0060): someone applies as an SP from the login page (the form's checks, the files), confirms the email through
 * the outbox and sees the application Pending with its details in View; a head trainer opens them from Pending
 * Recruitment and proposes two interview dates; the applicant answers the dashboard's Respond alert and accepts
 * one; both join the interview in its window (the test clock moves there, the server's and the browsers'), the
 * trainer marks it complete; the trainer approves the applicant as SP with a pay rate, and the applicant then
 * sees the SP dashboard. The browser runs in UTC, so the pickers' values are UTC.
 */

const HEAD_TRAINER = 'headtrainer@demo.test';
const RUN = Date.now().toString(36);
// A 1x1 PNG: the server re-encodes it like any headshot.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const CONFIRM_LINK = new RegExp(`${BASE_URL.replace(/[.]/g, '\\.')}/confirm-email/[^\\s?]+\\?\\S+`);

/** Applies as an SP from the login page and confirms the email; the page ends signed in on the dashboard. */
async function applyAsSp(page: Page, person: { first: string; last: string; email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Want to Become a SP?' }).click();
  await expect(page).toHaveURL(/\/apply\?role=sp/);
  await expect(page.getByRole('heading', { name: 'Become a SP' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'SP' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Observer' })).not.toBeChecked();
  await expectAccessible(page);

  // Nothing is sent until the fields are right; each message is under its field.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('The first name field is required.')).toBeVisible();

  await field(page, 'First Name').fill(person.first);
  await field(page, 'Last Name').fill(person.last);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Password').fill(person.password);
  await field(page, 'Confirm Password').fill(person.password);
  await field(page, 'Experience').fill('Ten years of stage work and patient simulation at a teaching hospital.');
  await field(page, 'Time Zone').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add Availability' }).click();
  await field(page, 'Day 1').selectOption('Tuesday');
  await page.getByLabel('Resume (PDF)').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel('Headshot').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const before = await outboxIds(page.request);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(`Thank you for applying! We sent a link to ${person.email}.`)).toBeVisible();
  await expectAccessible(page, 'the application sent');

  const mail = await waitForMessage(page.request, { to: person.email, notIn: before, subject: /Confirm your email/ });
  await page.goto(linkIn(mail.text, CONFIRM_LINK));
  await expect(page.getByText('Your email address is confirmed and your application has been submitted.')).toBeVisible();
  await expectAccessible(page, 'the email confirmed');
  await page.getByRole('link', { name: 'Continue to dashboard >>' }).click();
}

test('someone applies as an SP from the login page, a head trainer proposes interview dates, the applicant accepts one, both join, the trainer completes it and approves the applicant as SP', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  const applicant = {
    first: 'Sam',
    last: `Stage ${RUN}`,
    name: `Sam Stage ${RUN}`,
    email: `sp-applicant-${RUN}@apply.simvisit.test`,
    password: `Stage-Door-${RUN}-Lantern`,
  };
  const now = await serverNow();
  const first = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
  const second = new Date(first.getTime() + 86_400_000);
  try {
    const person = await personPage(browser, contexts, 'now');
    await test.step('0. someone applies as an SP from the login page, confirms the email and sees the application', async () => {
      await applyAsSp(person, applicant);
      await expect(person.getByRole('heading', { name: 'Role Applications' })).toBeVisible();
      const application = person.locator('[data-testid^="application-"]').first();
      await expect(application).toContainText('Pending');
      await expect(application).toContainText('Standardized Patient');
      await expect(person.getByText('Please confirm your email address')).toHaveCount(0);
      await application.getByRole('button', { name: 'View' }).click();
      const view = person.getByRole('dialog', { name: 'Role Application' });
      await expect(view).toContainText('Pending');
      await expect(view).toContainText('Ten years of stage work');
      await expect(view).toContainText('Tuesday');
      await expect(view.getByRole('link', { name: 'Download resume' })).toHaveAttribute('href', /\/api\/recruitment\/user\/\d+\/resume$/);
      await expect(view.getByRole('img', { name: 'Your headshot' })).toBeVisible();
      await expectAccessible(person, 'the application viewed');
      await view.getByRole('button', { name: 'Close' }).first().click();
    });

    const trainer = await signedIn(browser, HEAD_TRAINER, contexts, { clock: 'now' });
    let interviewUrl = '';
    let applicantPath = '';

    await test.step('1. the head trainer opens the applicant from Pending Recruitment and proposes two dates', async () => {
      await trainer.goto('/recruitment');
      await expect(trainer.getByRole('heading', { name: 'Pending Recruitment' })).toBeVisible();
      await expect(trainer.getByRole('link', { name: applicant.name })).toBeVisible();
      await expectAccessible(trainer, 'pending recruitment');
      await trainer.getByRole('link', { name: applicant.name }).click();
      await expect(trainer).toHaveURL(/\/recruitment\/user\/\d+$/);
      applicantPath = new URL(trainer.url()).pathname;
      await expect(trainer.getByText(applicant.email)).toBeVisible();
      await expect(trainer.getByText('Standardized Patient', { exact: true })).toBeVisible();
      await expectAccessible(trainer, 'the pending applicant');
      // One date alone is refused with the spec's words.
      await trainer.getByLabel('First date and time').fill(pickerValue(first));
      await trainer.getByRole('button', { name: 'Send Interview Dates' }).click();
      await expect(trainer.getByText('Interview scheduling needs two dates')).toBeVisible();
      await trainer.getByLabel('Second date and time').fill(pickerValue(second));
      await trainer.getByRole('button', { name: 'Send Interview Dates' }).click();
      await expect(notification(trainer, 'Interview dates have been sent.')).toBeVisible();
      await expect(trainer.getByText('Interview Requested')).toBeVisible();
    });

    await test.step('2. the applicant answers the Respond alert and accepts the first date', async () => {
      await person.goto('/dashboard');
      await person.getByRole('link', { name: 'Respond', exact: true }).first().click();
      await expect(person.getByRole('heading', { name: 'Interview Request' })).toBeVisible();
      await expectAccessible(person, 'the interview request');
      await person.getByRole('radio').first().check();
      await person.getByRole('button', { name: 'Accept' }).click();
      await expect(person).toHaveURL(/\/interview\/\d+$/);
      interviewUrl = new URL(person.url()).pathname;
      await expect(person.getByRole('heading', { name: 'Interview', exact: true })).toBeVisible();
      await expect(person.getByText('headtrainer@demo.test')).toBeVisible();
      await expectAccessible(person, 'the interview page');
    });

    await test.step('3. in the window both join the same room; after the start the trainer marks it complete', async () => {
      // The countdown runs in the 20 minutes before the window opens.
      await advanceClocks(first.getTime() - 30 * 60_000 - (await serverNow()).getTime(), [person, trainer]);
      await person.goto(interviewUrl);
      await expect(person.getByRole('timer')).toContainText('The interview will open in');
      await advanceClocks(11 * 60_000, [person, trainer]);
      const applicantLink = await joinMeeting(person, 'Join Interview');
      await trainer.goto(interviewUrl);
      const trainerLink = await joinMeeting(trainer, 'Join Interview');
      expect(trainerLink, 'the trainer and the applicant meet in the same room').toBe(applicantLink);
      await expect(trainer.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
      await advanceClocks(first.getTime() - (await serverNow()).getTime() + 60_000, [person, trainer]);
      await trainer.getByRole('button', { name: 'Mark Complete' }).click();
      await trainer.getByRole('dialog', { name: 'Complete Interview' }).getByRole('button', { name: 'Yes' }).click();
      await expect(notification(trainer, 'Interview marked as complete.')).toBeVisible();
      await expect(trainer.getByText('Status: Complete')).toBeVisible();
    });

    await test.step('4. the trainer approves the applicant as SP with a pay rate; the applicant sees the SP dashboard', async () => {
      await trainer.goto(applicantPath);
      await trainer.getByRole('checkbox', { name: 'SP', exact: true }).check();
      await trainer.getByRole('button', { name: 'Approve' }).click();
      await expect(trainer.getByText('Approval needs a rate for each selected role.')).toBeVisible();
      await trainer.getByLabel('SP rate (USD)').fill('25');
      await trainer.getByRole('button', { name: 'Approve' }).click();
      await expect(notification(trainer, 'Application approved.')).toBeVisible();
      await expect(trainer).toHaveURL(/\/dashboard$/);

      await person.goto('/dashboard');
      await expect(person.getByRole('heading', { name: 'Standardized Patient Dashboard' })).toBeVisible();
    });
  } finally {
    await setServerClock('reset');
    for (const context of contexts) await context.close();
  }
});
