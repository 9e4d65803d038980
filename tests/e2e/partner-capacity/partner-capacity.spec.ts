import { addDays, instantToDate } from '@simvisit/schema';
import ExcelJS from 'exceljs';
import { ACCOUNTS, BASE_URL } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { AWV, createPartner, createUser, serverNow } from '../../support/factories';
import { JOURNEY_ZONE } from '../../support/journeys';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/*
 * Partner capacity (issue 13 items 2–4; spec 002 §2.9, §2.16, §2.17): a super admin raises a partner's seats,
 * imports a pre-approved email list and sets the partner's scheduling dates, and a learner of that partner sees
 * the request window move. Every partner here is the journey's own (createPartner), so no other journey reads it.
 */

/** 'YYYY-MM-DD' of the server clock's day (the test clock, decision 0039) plus days, in the journeys' zone (the browser's). */
function dayFromToday(now: Date, days: number): string {
  return addDays(instantToDate(now, JOURNEY_ZONE), days);
}

async function openScenarioOverview(page: Page) {
  await page.goto('/scenarios');
  await expect(page.getByRole('link', { name: AWV }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: AWV }).first().click();
  await expect(page).toHaveURL(/\/scenarios\/\d+\/overview/);
  await expect(page.getByLabel('First Choice Date')).toBeVisible();
}

test('a super admin sets a partner’s scheduling dates and its learner’s request window follows', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const partner = await createPartner({ prefix: 'dates', scenarios: [AWV] });
  const learner = await createUser([['learner', partner.id]], { prefix: 'dates-learner' });

  // Before: the window starts 2 days from today and has no end.
  await login(page, learner.email, { slug: partner.slug, password: learner.password });
  await openScenarioOverview(page);
  const firstDate = page.getByLabel('First Choice Date');
  const today = await serverNow();
  await expect(firstDate).not.toHaveAttribute('min', dayFromToday(today, 20));
  await expect(firstDate).not.toHaveAttribute('max', /.+/);

  const start = dayFromToday(today, 20);
  const end = dayFromToday(today, 40);
  const admin = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await login(admin, ACCOUNTS.superadmin);
  await admin.goto('/management/dates');
  await expect(admin.getByRole('heading', { level: 1, name: 'Scheduling Dates' })).toBeVisible();
  await expectAccessible(admin);
  const row = admin.getByRole('row', { name: new RegExp(partner.long_name) });
  await expect(row).toContainText('Not set');
  await row.getByRole('button', { name: `Set dates for ${partner.long_name}` }).click();

  // Both dates are required.
  await admin.getByLabel('Start Date', { exact: true }).fill(start);
  await admin.getByRole('button', { name: 'Save Dates' }).click();
  await expect(notification(admin, 'Missing Date Paramaters.')).toContainText('The end date is required.');
  await expectAccessible(admin, 'a partner being edited');

  await admin.getByLabel('End Date', { exact: true }).fill(end);
  await admin.getByRole('button', { name: 'Save Dates' }).click();
  await expect(notification(admin, 'Partner Dates Saved')).toBeVisible();
  const shown = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  await expect(admin.getByRole('row', { name: new RegExp(partner.long_name) })).toContainText(`${shown(start)} – ${shown(end)}`);

  // After: the learner's date picker runs from the partner's start to its end.
  await page.reload();
  await expect(page.getByLabel('First Choice Date')).toHaveAttribute('min', start);
  await expect(page.getByLabel('First Choice Date')).toHaveAttribute('max', end);
  await expectAccessible(page, 'the learner’s request form inside the partner’s dates');

  // Cleared again, the window has no end.
  await admin.getByRole('button', { name: `Modify dates for ${partner.long_name}` }).click();
  await admin.getByRole('button', { name: 'Clear Dates', exact: true }).click();
  await expect(notification(admin, 'Partner Dates Cleared')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Choice Date')).not.toHaveAttribute('max', /.+/);
  await admin.context().close();
});

test('a super admin raises a partner’s seat total and cannot lower it', async ({ page }) => {
  const partner = await createPartner({ prefix: 'seats', seats: 40, usedSeats: 12 });
  await login(page, ACCOUNTS.superadmin);
  await page.goto('/management/seats');
  await expect(page.getByRole('heading', { level: 1, name: 'Seat Management' })).toBeVisible();
  await expectAccessible(page);
  const row = page.getByRole('row', { name: new RegExp(partner.long_name) });
  await expect(row).toContainText(partner.slug);
  await expect(row).toContainText('12');

  const total = page.getByLabel(`Seat Total for ${partner.long_name}`);
  await total.fill('30');
  await page.getByRole('button', { name: `Save Seats for ${partner.long_name}` }).click();
  await expect(notification(page, 'Unable to update Seat Total')).toContainText('Sorry, you CAN NOT reduce the seat total for a partner');

  await total.fill('55');
  await page.getByRole('button', { name: `Save Seats for ${partner.long_name}` }).click();
  await expect(notification(page, `${partner.long_name}: Seats Successfully Updated`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Seat Total for ${partner.long_name}`)).toHaveValue('55');
});

test('a super admin uploads a pre-approved email list for a partner', async ({ page }) => {
  const partner = await createPartner({ prefix: 'emails' });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Emails');
  for (const [i, value] of ['Email', 'one@example.edu', 'Two@Example.edu', 'one@example.edu'].entries())
    sheet.getCell(i + 1, 1).value = value;
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await login(page, ACCOUNTS.superadmin);
  await page.goto('/management/pre-approved');
  await expect(page.getByRole('heading', { level: 1, name: 'Pre-Approved Emails' })).toBeVisible();
  await expect(page.getByRole('img', { name: /sample sheet/i })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('main')
    .getByLabel('Partner')
    .selectOption({ label: `${partner.long_name} (${partner.slug})` });
  await page.getByLabel(/Excel List/).setInputFiles({
    name: 'emails.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await page.getByRole('button', { name: 'Upload Excel List' }).click();
  await expect(notification(page, 'Emails Successfully Upload.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 new emails added' })).toContainText('1 repeated in the file');
  await expectAccessible(page, 'after an upload');
});
