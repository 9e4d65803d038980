import ExcelJS from 'exceljs';
import { PARTNER_IDS } from '../../support/accounts';
import { login } from '../../support/auth';
import { createUser, createVisit, serverNow } from '../../support/factories';
import { openSidebar } from '../../support/shell';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/*
 * The finance admin's way through the money reports (issue 20 items 2, 3 and 5; spec 002 §2.6, §2.7): from the
 * sidebar to the payment report, then to the financial report filtered to the month of an SP's completed visit,
 * and to its spreadsheet, which must open and hold the rows shown. The journey makes its own people and visit, in a
 * past month chosen from the server's clock (the clock is not moved).
 */

const SP_RATE = 25;
const MINUTE = 60_000;

/** Mid-month, mid-day two months back: the same month in UTC and in New York, whatever today is. */
function visitStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15, 16));
}

const monthName = (d: Date) => d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

async function openReport(page: Page, name: 'Financial Report' | 'Payment Report') {
  const menu = await openSidebar(page);
  const reports = menu.getByRole('button', { name: 'Reports' });
  if ((await reports.getAttribute('aria-expanded')) !== 'true') await reports.click();
  await menu.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A cell's value as the sheet holds it: numbers as numbers, text as text. */
function plain(value: ExcelJS.CellValue): unknown {
  if (value && typeof value === 'object' && 'result' in value) return value.result;
  if (value && typeof value === 'object' && 'richText' in value) return value.richText.map((t) => t.text).join('');
  return value;
}

test('a finance admin opens the payment report and the financial report from the sidebar, filters it and downloads the spreadsheet holding the rows shown', async ({
  page,
}) => {
  const finance = await createUser([['financial_admin', PARTNER_IDS.sp]], { first: 'Fran', prefix: 'finance' });
  const sp = await createUser([['standardized_patient', PARTNER_IDS.sp, SP_RATE]], { first: 'Paid' });
  const learner = await createUser('learner');
  const now = await serverNow();
  const start = visitStart(now);
  await createVisit({
    learner,
    sp,
    partnerId: PARTNER_IDS.sp,
    startsInMinutes: Math.round((start.getTime() - now.getTime()) / MINUTE),
    confirmed: true,
    complete: true,
  });
  const month = String(start.getUTCMonth() + 1);
  const year = String(start.getUTCFullYear());

  // A financial admin has no dashboard role: signing in lands on the financial report (decision 0078, Landing).
  await login(page, finance.email, { password: finance.password, expectUrl: /\/reports\/financial/ });

  await openReport(page, 'Payment Report');
  await expect(page).toHaveURL(/\/reports\/payment/);
  await page.getByRole('combobox', { name: 'Month' }).selectOption(month);
  await page.getByRole('combobox', { name: 'Year' }).selectOption(year);
  await page.getByRole('button', { name: 'Update' }).click();
  // The demo's payments may or may not fall in that month: either the month's table or the spec's empty words.
  await expect(
    page.getByText(`Visit payments by job number, ${monthName(start)} ${year}`).or(page.getByText('No records for this period.')),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(year);
  await expectAccessible(page, 'the payment report');

  await openReport(page, 'Financial Report');
  await expect(page).toHaveURL(/\/reports\/financial/);
  await expectAccessible(page, 'the financial report');

  await page.getByRole('combobox', { name: 'Month' }).selectOption(month);
  await page.getByRole('combobox', { name: 'Year' }).selectOption(year);
  await page.getByRole('combobox', { name: 'Partner' }).selectOption(String(PARTNER_IDS.sp));
  await page.getByRole('button', { name: 'Update' }).click();
  const table = page.getByRole('table', { name: `Financial Report, ${monthName(start)} ${year}` });
  const row = table.getByRole('row').filter({ hasText: sp.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText(sp.name);
  await expect(row).toContainText(`× $${SP_RATE}.00 =`);
  await expect(table.getByRole('row').filter({ hasText: 'Total' }).last()).toBeVisible();
  await expect(page.getByText(/time zone/)).toBeVisible();
  await expectAccessible(page, 'the filtered financial report');
  const shownTotal = Number(((await row.getByRole('cell').last().textContent()) ?? '').replace(/[$,]/g, ''));
  expect(shownTotal).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`financial_report_${month}_${year}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as ExcelJS.CellValue[]).slice(1).map(plain)));
  const spRow = rows.find((cells) => cells.includes(sp.email));
  expect(spRow, `no row of ${sp.email} in the spreadsheet`).toBeDefined();
  expect(spRow).toContain(shownTotal);
  // Every person shown is in the file, and no cell holds a live formula.
  for (const email of await table.getByRole('row').evaluateAll((trs) => trs.map((tr) => tr.children[1]?.textContent ?? ''))) {
    if (email.includes('@')) expect(rows.some((cells) => cells.includes(email))).toBe(true);
  }
  sheet.eachRow((r) => r.eachCell((cell) => expect(cell.formula ?? null).toBeNull()));
});
