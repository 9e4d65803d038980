import { instantToSlot } from '@simvisit/schema';
import { login, notification } from '../../support/auth';
import { AWV, advanceClocks, createUser, serverNow } from '../../support/factories';
import { JOURNEY_ZONE } from '../../support/journeys';
import { expect, expectAccessible, test } from '../../support/test';

/**
 * Training sessions as their people use them (issue 12 items 5, 7, 8; spec 001 §2, §4, §5; spec 000 §2.12): a
 * trainer (a head trainer, whom spec 000 §6 gives the trainer view) schedules a grouped session with a scenario and
 * a job number from the dashboard form, opens it, adds a participant and reschedules it to the next half hour; an
 * SP made with the factories sees it on their dashboard and joins it inside their window (the test clock moves the
 * server and the SP's browser when the window is not open yet). The browser runs in the journeys' zone.
 */
const RUN = Date.now().toString(36).toUpperCase();
const JOB = `jn-${RUN}`;
const pad = (n: number) => String(n).padStart(2, '0');
/** The instant's wall clock in the journeys' zone (the browser's and the profiles', playwright.config.ts). */
const wall = (d: Date) => instantToSlot(d, JOURNEY_ZONE);
const ymd = (d: Date) => wall(d).slice(0, 10);
const timeLabel = (d: Date) => {
  const [h, m] = [Number(wall(d).slice(11, 13)), Number(wall(d).slice(14, 16))];
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
};

test('a trainer schedules, fills and reschedules a grouped session; an SP sees it and joins', async ({ page, browser }) => {
  const trainer = await createUser([
    ['trainer', 1],
    ['head_trainer', 1],
  ]);
  const sp = await createUser('standardized_patient');
  const observer = await createUser('observer');

  await login(page, trainer.email, { password: trainer.password });
  await expect(page.getByRole('heading', { name: 'Trainer Dashboard' })).toBeVisible();
  const form = page.getByRole('complementary', { name: 'Schedule' });

  // Every required field's message first, then each one clears as its field changes (spec 001 §5).
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form.getByText('You must set a date and time')).toBeVisible();
  await expect(form.getByText('You must set a training session type')).toBeVisible();
  await expect(form.getByText('You must set users')).toBeVisible();
  await form.getByLabel('Training Session Type').selectOption({ label: 'Grouped (3 hours)' });
  await expect(form.getByText('You must set a training session type')).toHaveCount(0);

  const tomorrow = new Date((await serverNow()).getTime() + 86_400_000);
  await form.getByLabel('Date').fill(ymd(tomorrow));
  await form.getByLabel('Time').selectOption({ label: '10:00 AM' });
  const awv = await form.getByLabel('Scenario').locator('option', { hasText: AWV }).first().getAttribute('value');
  await form.getByLabel('Scenario').selectOption(awv!);
  await form.getByLabel('Job Number').fill(JOB);
  await expect(form.getByLabel('Job Number')).toHaveValue(JOB.toUpperCase());
  await form.getByRole('checkbox', { name: new RegExp(sp.email) }).check();
  await expect(form.getByText('You must set users')).toHaveCount(0);
  await expectAccessible(page, 'the trainer dashboard with its filled Schedule form');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(notification(page, 'Training Session Scheduled')).toBeVisible();

  // The scheduled list shows it; its card opens the training page.
  const card = page.getByRole('link', { name: new RegExp(`Job ${JOB.toUpperCase()}`) });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/training\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Grouped Training Session' })).toBeVisible();
  await expect(page.getByText('3 hours')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Training session details' })).toContainText(AWV);

  // Edit participants: the observer joins the SP.
  await page.getByRole('checkbox', { name: new RegExp(observer.email) }).check();
  await page.getByRole('button', { name: 'Add Users' }).click();
  await expect(notification(page, 'User added')).toBeVisible();
  await expect(page.getByText(observer.email)).toBeVisible();

  // Reschedule to the next half hour at least five minutes ahead.
  const now = await serverNow();
  const next = new Date(Math.ceil((now.getTime() + 5 * 60_000) / 1_800_000) * 1_800_000);
  await page.getByLabel('New date').fill(ymd(next));
  await page.getByLabel('New time').selectOption({ label: timeLabel(next) });
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(notification(page, 'Training Session has been rescheduled')).toBeVisible();
  await expectAccessible(page, "the trainer's training page");

  // The SP: the session on the dashboard's Scheduled tab, then joining in the SP's window (30 minutes before).
  const spContext = await browser.newContext();
  await spContext.route('https://meet.jit.si/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title>' }));
  const spPage = await spContext.newPage();
  await spPage.clock.install({ time: await serverNow() });
  await login(spPage, sp.email, { password: sp.password });
  await spPage.getByRole('tab', { name: 'Scheduled' }).click();
  const spCard = spPage
    .getByTestId('section-scheduled_training_sessions')
    .getByRole('link', { name: new RegExp(`Job ${JOB.toUpperCase()}`) });
  await expect(spCard).toBeVisible();
  await expectAccessible(spPage, "the SP's dashboard with the training session");
  const wait = next.getTime() - (await serverNow()).getTime() - 20 * 60_000;
  if (wait > 0) await advanceClocks(wait, [spPage]);
  await spCard.click();
  await expect(spPage).toHaveURL(/\/training\/\d+$/);
  const popup = spPage.waitForEvent('popup');
  await spPage.getByRole('button', { name: 'Join Training Session' }).click();
  await expect(await popup).toHaveURL(/^https:\/\/meet\.jit\.si\//);
  await expectAccessible(spPage, "the SP's training page");
  await spContext.close();
});
