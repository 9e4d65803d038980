import { login } from '../../support/auth';
import { createUser, createVisit } from '../../support/factories';
import { expectScorecardPage } from '../../support/scorecards';
import { expect, expectAccessible, test } from '../../support/test';
import { expectTouchTargets } from '../../support/touch-targets';

/**
 * Made for a phone (issue 22 item 5, decision 0090): on a 390×844 touch screen every control of the SP scorecard
 * page is a 44 px touch target, before and after an answer is chosen (the booking pages are measured in the
 * booking journey, tests/e2e/visit-requests/booking-on-a-phone.spec.ts). Its own learner, SP and completed visit.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'America/New_York' });

test('the SP scorecard page on a phone: every control a 44 px touch target', async ({ page }) => {
  const learner = await createUser('learner', { first: 'Lee' });
  const sp = await createUser('standardized_patient', { first: 'Pat' });
  const visit = await createVisit({ learner, sp, startsInMinutes: -1440, confirmed: true, complete: true });
  await login(page, sp.email, { password: sp.password });

  await page.goto(`/visit/${visit}/scorecard`);
  await expectScorecardPage(page, 'SP Scorecard');
  await expectAccessible(page, 'the SP scorecard page on a phone');
  await expectTouchTargets(page, 'the SP scorecard page');

  // A chosen answer keeps its size (the label is the target), and so does the rest of the form.
  const choice = page.getByRole('radiogroup').first().getByRole('radio').first();
  await choice.check();
  await expect(choice).toBeChecked();
  await expectTouchTargets(page, 'the SP scorecard page with an answer chosen');
});
