import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createUser } from '../../support/factories';
import { activeServiceWorker, Network } from '../../support/sync';
import { expect, expectAccessible, type Locator, type Page, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * The scenario dashboard (spec 001 §2), the author and reviewer dashboards (spec 000 §2.11–2.12) and the
 * scenario pop-up pages, as people click them (docs/decisions/0019). The seed holds scenarios of author@ in
 * every status; the journeys rely on statuses (data-status on each card), not on titles.
 */

const SIX_TABS = ['Published Scenarios', 'My Scenarios', 'Needs Review', 'In Review', 'Approved', 'Archived'];
const TRAINER_TABS = ['Published Scenarios', 'Approved', 'Archived'];
const STATUS = { draft: '1', review: '2', editing: '3', approved: '4', published: '5', archived: '6' } as const;

function scenarioTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Scenario lists' }).getByRole('tab');
}

/** The scenario cards shown (each an article carrying the scenario's id and status). */
function cards(scope: Page | Locator): Locator {
  return scope.locator('article[data-scenario-id]');
}

async function expectStatuses(scope: Page | Locator, status: string): Promise<void> {
  await expect(cards(scope).first()).toBeVisible();
  const statuses = await cards(scope).evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  expect(new Set(statuses)).toEqual(new Set([status]));
}

/** A call of the signed-in page's session, with the CSRF header the server asks of every state change. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(xsrf, 'the XSRF-TOKEN cookie of the signed-in context').toBeDefined();
  const response = await page.request.fetch(path, {
    method,
    data: method === 'POST' ? {} : undefined,
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test.describe('Scenario dashboard (spec 001 §2)', () => {
  test('an admin sees the six tabs, each listing its status, and the address keeps the tab', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    await page.goto('/scenarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Scenarios' })).toBeVisible();
    await expect(scenarioTabs(page)).toHaveText(SIX_TABS);
    await expect(page.getByRole('button', { name: 'Create New Scenario' })).toBeVisible();
    await expect(scenarioTabs(page).first()).toHaveAttribute('aria-selected', 'true');
    await expectStatuses(page.getByRole('tabpanel'), STATUS.published);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Archived' }).click();
    await expect(page).toHaveURL(/\/scenarios\?tab=archived$/);
    await expectStatuses(page.getByRole('tabpanel'), STATUS.archived);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Archived' })).toHaveAttribute('aria-selected', 'true');
    await expectStatuses(page.getByRole('tabpanel'), STATUS.archived);

    await page.getByRole('tab', { name: 'Needs Review' }).click();
    await expectStatuses(page.getByRole('tabpanel'), STATUS.review);
  });

  test('a trainer sees Published, Approved and Archived only, and cannot create', async ({ page }) => {
    await login(page, ACCOUNTS.trainer);
    await page.goto('/scenarios?tab=my-scenarios');
    await expect(scenarioTabs(page)).toHaveText(TRAINER_TABS);
    // A tab the trainer does not get falls back to their first.
    await expect(scenarioTabs(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Create New Scenario' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expectStatuses(page.getByRole('tabpanel'), STATUS.approved);
    await expectAccessible(page, "a trainer's Approved tab");
  });

  test("a learner sees 'Available Scenarios'; a published card opens its overview", async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    await page.getByRole('link', { name: 'Browse Scenarios' }).click();
    await expect(page).toHaveURL(/\/scenarios$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Available Scenarios' })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create New Scenario' })).toHaveCount(0);
    await expectStatuses(page, STATUS.published);
    await expectAccessible(page);

    // The card with credit says so in its footer, and leads to the overview.
    const credited = cards(page).filter({ hasText: 'CREDIT AVAILABLE' }).first();
    await expect(credited).toBeVisible();
    const id = await credited.getAttribute('data-scenario-id');
    const title = (await credited.getAttribute('aria-label')) ?? '';
    await credited.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/scenarios/${id}/overview$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Objective' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Learner Brief' })).toBeVisible();
    // The learner can book it from here (the booking itself is journeyed in e2e/visit-requests).
    await expect(page.getByRole('button', { name: 'Schedule Your Visit' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a learner opening a scenario they may not see gets the no-access text', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    const list = await api<{ scenarios: { id: number; status: number }[] }>(page, 'GET', '/api/scenarios/archived');
    const archived = list.scenarios[0];
    expect(archived, 'an archived scenario in the seed').toBeDefined();
    await login(page, ACCOUNTS.learner);
    await page.goto(`/scenarios/${archived!.id}/overview`);
    await expect(page.getByRole('alert')).toContainText('You do not have permission to access this scenario (No Access)');
    await expectAccessible(page, 'a scenario overview without access');
  });

  test('a learner opening a published scenario’s page sees the learner’s sections only; its SP sees the script (decision 0045)', async ({
    page,
  }) => {
    await login(page, ACCOUNTS.learner);
    const list = await api<{ scenarios: { id: number; title: string | null }[] }>(page, 'GET', '/api/scenario');
    const wellness = list.scenarios.find((s) => s.title === 'Annual wellness visit');
    expect(wellness, 'the seed’s published scenario with an SP and an observer').toBeDefined();
    const sections = page.getByRole('tablist', { name: 'Scenario sections' }).getByRole('tab');
    const mainTabs = page.getByRole('tablist', { name: 'Scenario', exact: true }).getByRole('tab');
    await page.goto(`/scenarios/${wellness!.id}`);
    await expect(sections).toHaveText(['Overview', 'Learner Brief']);
    await expect(mainTabs).toHaveText(['Scenario', 'Participant Feedback']);
    await expect(page.getByRole('tab', { name: 'Distribution' })).toHaveCount(0);
    await expect(page.getByText(ACCOUNTS.sp)).toHaveCount(0);

    await login(page, ACCOUNTS.sp);
    await page.goto(`/scenarios/${wellness!.id}`);
    await expect(sections).toHaveText(['Overview', 'Learner Brief', 'Patient Background', 'SP Portrayal', 'Verbal Feedback']);
    await expect(mainTabs).toHaveText(['Scenario', 'SP Scorecard']);
  });

  test('Create New Scenario makes a draft and opens it at /scenarios/{id}', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    await page.goto('/scenarios');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create New Scenario' }).click();
    await expect(page).toHaveURL(/\/scenarios\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('scenario-page')).toBeVisible();
    await expectAccessible(page, 'a new draft');
    const mine = await api<{ scenarios: { id: number; status: number }[] }>(page, 'GET', '/api/scenarios/my-scenarios');
    expect(mine.scenarios.find((s) => s.id === id)?.status).toBe(1);
  });

  test('pages of 10: the pager shows above 10 scenarios and the address keeps the page', async ({ page }) => {
    // An author of their own: the demo author's lists change under the other journeys running beside this one
    // (a draft created and deleted there moved the second page's count).
    const author = await createUser('author', { prefix: 'pager-author' });
    await login(page, author.email, { password: author.password });
    const created: number[] = [];
    try {
      for (let n = 0; n < 11; n++) created.push((await api<{ id: number }>(page, 'POST', '/api/scenario')).id);
      await page.goto('/scenarios?tab=my-scenarios');
      const panel = page.getByRole('tabpanel');
      await expect(cards(panel)).toHaveCount(10);
      const pager = page.getByRole('navigation', { name: 'My Scenarios pages' });
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(cards(panel)).toHaveCount(1);
      await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expectAccessible(page, 'the second page of My Scenarios');

      // A list of 10 or fewer has no pager.
      await page.getByRole('tab', { name: 'Published Scenarios' }).click();
      await expect(cards(page.getByRole('tabpanel')).first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: /pages$/ })).toHaveCount(0);
    } finally {
      for (const id of created) await api(page, 'GET', `/api/scenario/${id}/delete`);
    }
  });
});

test.describe('Author and reviewer dashboards (spec 000 §2.11–2.12)', () => {
  test("the author's tabs list their scenarios by status, and Delete removes a draft after the modal", async ({ page }) => {
    await login(page, ACCOUNTS.author);
    const tabs = page.getByRole('tablist', { name: 'Author dashboard' }).getByRole('tab');
    await expect(tabs).toHaveText(['Drafts', 'Reviews', 'Edits', 'Approved']);
    const panel = page.getByRole('tabpanel');
    await expectStatuses(panel, STATUS.draft);
    for (const [tab, status] of [
      ['Reviews', STATUS.review],
      ['Edits', STATUS.editing],
      ['Approved', STATUS.approved],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(panel.getByRole('button', { name: 'CREATE NEW SCENARIO' })).toBeVisible();
      await expectStatuses(panel, status);
    }

    // A new draft from the dashboard opens at /scenarios/{id}.
    await page.getByRole('tab', { name: 'Drafts' }).click();
    await panel.getByRole('button', { name: 'CREATE NEW SCENARIO' }).click();
    await expect(page).toHaveURL(/\/scenarios\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('scenario-page')).toBeVisible();
    await expectAccessible(page, 'a new draft');
    await page.goto('/dashboard');
    const draft = page.locator(`article[data-scenario-id="${id}"]`);
    await expect(draft).toContainText('Untitled Scenario');
    await expect(draft.getByRole('link', { name: 'Make Edits' })).toHaveAttribute('href', `/scenarios/${id}`);

    // Cancel keeps it.
    await draft.getByRole('button', { name: 'Delete' }).click();
    const modal = page.getByRole('dialog', { name: 'Permanently Delete Scenario' });
    await expect(modal).toContainText('Are you sure you want to delete this scenario?');
    await expectAccessible(page, 'the Permanently Delete Scenario modal');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(draft).toBeVisible();

    // Permanently Delete removes it, here and on the server.
    await draft.getByRole('button', { name: 'Delete' }).click();
    await modal.getByRole('button', { name: 'Permanently Delete' }).click();
    await expect(notification(page, 'Scenario deleted')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(draft).toHaveCount(0);
    const lists = await api<{ scenario_drafts: { id: number }[] }>(page, 'GET', '/api/scenarios/authoring');
    expect(lists.scenario_drafts.map((s) => s.id)).not.toContain(Number(id));
    await expectStatuses(panel, STATUS.draft);
  });

  test("the reviewer's tabs list scenarios awaiting review, under their review, in edits and approved", async ({ page }) => {
    await login(page, ACCOUNTS.reviewer);
    // reviewer@ is also an author: the reviewer view is chosen first (by role id).
    const tabs = page.getByRole('tablist', { name: 'Reviewer dashboard' }).getByRole('tab');
    await expect(tabs).toHaveText(['Awaiting Review', 'Under My Review', 'Edits', 'Approved']);
    const panel = page.getByRole('tabpanel');
    await expectStatuses(panel, STATUS.review);
    await page.getByRole('tab', { name: 'Under My Review' }).click();
    await expectStatuses(panel, STATUS.review);
    await page.getByRole('tab', { name: 'Edits' }).click();
    await expectStatuses(panel, STATUS.editing);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expectStatuses(panel, STATUS.approved);
    const card = cards(panel).first();
    await expect(card.getByRole('link')).toHaveAttribute('href', `/scenarios/${await card.getAttribute('data-scenario-id')}`);
  });

  test('an author offline sees the lists saved on the device', async ({ page, context }) => {
    test.slow();
    const network = new Network(context);
    await login(page, ACCOUNTS.author);
    const panel = page.getByRole('tabpanel');
    await expectStatuses(panel, STATUS.draft);
    const online = await cards(panel).evaluateAll((els) => els.map((el) => el.getAttribute('data-scenario-id')));
    await activeServiceWorker(page);

    await network.goOffline();
    const offlineLoad = await page.reload();
    expect(offlineLoad?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
    await expect(page.getByTestId('scenarios-saved-copy')).toBeVisible();
    await expect(cards(panel)).toHaveCount(online.length);
    await expectAccessible(page, 'the saved lists offline');
    expect(await cards(panel).evaluateAll((els) => els.map((el) => el.getAttribute('data-scenario-id')))).toEqual(online);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expectStatuses(panel, STATUS.approved);
    expect(network.leaks).toEqual([]);
    await network.goOnline();
  });
});

/** A published scenario of the demo seed (apps/sync-server/src/seed/demo-scenarios.ts) at partner sp. */
const SEEDED_PUBLISHED_TITLE = 'Annual wellness visit';

test.describe('Scenario pop-up pages (spec 001 §2)', () => {
  /**
   * A published scenario of the seed, which has a learner brief and verbal feedback. Other journeys publish
   * scenarios of their own (without those fields) in the same run, so the newest one is not it.
   */
  async function publishedScenario(page: Page): Promise<{ id: number; title: string; patient_name: string }> {
    for (let pageNo = 1; pageNo <= 10; pageNo += 1) {
      const list = await api<{ scenarios: { id: number; title: string; patient_name: string }[]; total: number }>(
        page,
        'GET',
        `/api/scenario?page=${pageNo}`,
      );
      const seeded = list.scenarios.find((s) => s.title === SEEDED_PUBLISHED_TITLE);
      if (seeded) return seeded;
      if (pageNo * 10 >= list.total) break;
    }
    throw new Error(`the seed's published scenario '${SEEDED_PUBLISHED_TITLE}' was not found`);
  }

  test('the share page shows the patient name and learner brief without the app shell', async ({ page }) => {
    await login(page, ACCOUNTS.admin);
    const scenario = await publishedScenario(page);
    const share = await api<{ learner_brief: string; patient_name: string }>(page, 'GET', `/api/scenario/${scenario.id}/share`);
    await page.goto(`/scenarios/${scenario.id}/share`);
    await expect(page.getByRole('heading', { level: 1, name: share.patient_name })).toBeVisible();
    await expect(page.getByText('Learner Brief', { exact: true })).toBeVisible();
    await expect(page.getByText(share.learner_brief)).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the print and verbal-feedback pages print with their Print button', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await login(page, ACCOUNTS.admin);
    const scenario = await publishedScenario(page);

    await page.goto(`/scenarios/${scenario.id}/print`);
    await expect(page.getByRole('heading', { level: 1, name: scenario.title })).toBeVisible();
    await expect(page.getByText(scenario.patient_name, { exact: true })).toBeVisible();
    for (const label of ['Objective', 'Learner Brief', 'Verbal Feedback']) {
      await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
    }
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.goto(`/scenarios/${scenario.id}/print-feedback`);
    await expect(page.getByRole('heading', { level: 1, name: scenario.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Verbal Feedback' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Learner Brief' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test('the holding page shows its message', async ({ page }) => {
    await page.goto('/scenarios/1/zoom-message');
    await expect(page.getByRole('heading', { name: 'Preparing visit feedback... Please stay in Zoom Session' })).toBeVisible();
    await expectAccessible(page);
  });
});
