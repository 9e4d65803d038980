import { login, notification } from '../../support/auth';
import { advanceClocks, createApplicantForRecruitment, serverNow, setServerClock } from '../../support/factories';
import { type Browser, type BrowserContext, expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Recruitment as its people use it (spec 001 §2, §4; decision 0048): a head trainer opens a new applicant from
 * Pending Recruitment and proposes two interview dates; the applicant answers the dashboard's Respond alert and
 * accepts one; both join the interview in its window (the test clock moves there, the server's and the browsers'),
 * the trainer marks it complete; the trainer approves the applicant as SP with a pay rate, and the applicant then
 * sees the SP dashboard. The browser runs in UTC, so the pickers' values are UTC.
 */

const HEAD_TRAINER = 'headtrainer@demo.test';

/** 'YYYY-MM-DDTHH:mm' (UTC) of an instant: the value of a datetime-local picker in this browser. */
function pickerValue(at: Date): string {
  return at.toISOString().slice(0, 16);
}

async function answerMeetings(context: BrowserContext): Promise<void> {
  await context.route('https://meet.jit.si/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title>' }));
}

async function signedIn(browser: Browser, email: string, contexts: BrowserContext[], password?: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  await answerMeetings(context);
  const page = await context.newPage();
  await page.clock.install();
  await login(page, email, password ? { password } : {});
  return page;
}

/** Presses Join Interview: the meeting opens in a new window and its link shows on the page. */
async function join(page: Page): Promise<string> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Join Interview' }).click();
  const meeting = await popup;
  await expect.poll(() => meeting.url()).toMatch(/^https:\/\/meet\.jit\.si\/SimVisit-[\w-]+$/);
  const link = meeting.url();
  await meeting.close();
  await expect(page.getByRole('link', { name: 'Open the meeting' })).toHaveAttribute('href', link);
  return link;
}

test('a head trainer proposes interview dates, the applicant accepts one, both join, the trainer completes it and approves the applicant as SP', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  const applicant = await createApplicantForRecruitment({ first: 'Riley' });
  const now = await serverNow();
  const first = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
  const second = new Date(first.getTime() + 86_400_000);
  try {
    const trainer = await signedIn(browser, HEAD_TRAINER, contexts);
    let interviewUrl = '';

    await test.step('1. the head trainer opens the applicant from Pending Recruitment and proposes two dates', async () => {
      await trainer.goto('/recruitment');
      await expect(trainer.getByRole('heading', { name: 'Pending Recruitment' })).toBeVisible();
      await expect(trainer.getByRole('link', { name: applicant.name })).toBeVisible();
      await expectAccessible(trainer, 'pending recruitment');
      await trainer.getByRole('link', { name: applicant.name }).click();
      await expect(trainer).toHaveURL(new RegExp(`/recruitment/user/${applicant.id}$`));
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

    const person = await signedIn(browser, applicant.email, contexts, applicant.password);
    await test.step('2. the applicant answers the Respond alert and accepts the first date', async () => {
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
      const applicantLink = await join(person);
      await trainer.goto(interviewUrl);
      const trainerLink = await join(trainer);
      expect(trainerLink, 'the trainer and the applicant meet in the same room').toBe(applicantLink);
      await expect(trainer.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
      await advanceClocks(first.getTime() - (await serverNow()).getTime() + 60_000, [person, trainer]);
      await trainer.getByRole('button', { name: 'Mark Complete' }).click();
      await trainer.getByRole('dialog', { name: 'Complete Interview' }).getByRole('button', { name: 'Yes' }).click();
      await expect(notification(trainer, 'Interview marked as complete.')).toBeVisible();
      await expect(trainer.getByText('Status: Complete')).toBeVisible();
    });

    await test.step('4. the trainer approves the applicant as SP with a pay rate; the applicant sees the SP dashboard', async () => {
      await trainer.goto(`/recruitment/user/${applicant.id}`);
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
