import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { AWV, createUser, createVisit, serverNow, type TestUser } from '../../support/factories';
import { expect, expectAccessible, test } from '../../support/test';

/*
 * Issue 20 item 7: a head trainer sees a scorer flagged for drift on /reports/scoring (docs/decisions/0077). The
 * journey makes its own people and, about ten months back (a stretch no other journey places visits in), three
 * completed visits of the annual wellness visit, each scored by four observers: three give 3 on every Likert
 * question and one gives 5. The outlier sits 2 points above the others (drifting at 1 or more); each of the three
 * sits 2/3 of a point below the other three (not drifting).
 *
 * The SP does not submit a scorecard here: the demo scenarios' SP scorecard shares no Likert question with the
 * observer scorecard, and the report compares totals over the questions every scorer of a visit answered.
 */

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

test('a head trainer sees the observer who scores far from the others flagged as drifting', async ({ page }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const learner = await createUser('learner');
  const sp = await createUser('standardized_patient');
  const steady: TestUser[] = [];
  for (const first of ['Avery', 'Blake', 'Casey']) steady.push(await createUser('observer', { first, last: `Steady ${suffix}` }));
  const drifter = await createUser('observer', { first: 'Drew', last: `Outlier ${suffix}` });

  // Ten months back, on the 10th to the 12th at noon UTC: one month, so each scorer has one row of drift.
  const now = await serverNow();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 10, 10, 12));
  for (let day = 0; day < 3; day++) {
    await createVisit({
      learner,
      sp,
      observers: [...steady, drifter],
      scenario: AWV,
      startsInMinutes: Math.round((first.getTime() + day * DAY_MS - now.getTime()) / 60_000),
      confirmed: true,
      complete: true,
      observerScores: [...steady.map((observer) => ({ observer, likert: 3 })), { observer: drifter, likert: 5 }],
    });
  }
  const from = isoDay(new Date(first.getTime() - DAY_MS));
  const to = isoDay(new Date(first.getTime() + 3 * DAY_MS));

  await login(page, ACCOUNTS.headtrainer);
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard/ })).toBeVisible();
  await expectAccessible(page, 'the head trainer dashboard');

  await page.goto('/reports/scoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Scoring Agreement' })).toBeVisible();
  await expect(page.getByText('Choose a scenario and a period, then Update.')).toBeVisible();
  await expectAccessible(page, 'the scoring agreement report before a choice');

  const filters = page.getByRole('form', { name: 'Report filters' });
  await filters.getByLabel('Scenario').selectOption({ label: AWV });
  await filters.getByLabel('From').fill(from);
  await filters.getByLabel('To').fill(to);
  await filters.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}|to=${to}.*from=${from}`));

  const drift = page.getByRole('table', { name: 'Scorer drift by month' });
  const rowOf = (person: TestUser) => drift.getByRole('row').filter({ hasText: person.name });
  await expect(rowOf(drifter)).toHaveCount(1);
  await expect(rowOf(drifter)).toContainText('+2.00');
  await expect(rowOf(drifter)).toContainText('Drifting');
  // Three visits are behind the figure, which the report says are too few to lean on.
  await expect(rowOf(drifter)).toContainText('Too few visits (3)');
  for (const person of steady) {
    await expect(rowOf(person)).toContainText('-0.67');
    await expect(rowOf(person)).not.toContainText('Drifting');
  }
  // The warning above the table names the outlier and none of the steady three.
  const warning = page.getByText(`${drifter.name}`, { exact: false }).filter({ hasText: 'point or more from the other scorers' });
  await expect(warning).toBeVisible();
  for (const person of steady) await expect(warning).not.toContainText(person.name);
  await expectAccessible(page, 'the scoring agreement report with a drifting scorer');
});
