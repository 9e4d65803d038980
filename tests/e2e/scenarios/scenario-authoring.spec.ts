import { ACCOUNTS } from '../../support/accounts';
import { notification } from '../../support/auth';
import { field } from '../../support/forms';
import { createPublishedRubric } from '../../support/rubrics';
import {
  action,
  commentBubble,
  commentOn,
  commentPanel,
  createDraft,
  expectLocalEditing,
  expectSaved,
  fieldBlock,
  fillScenarioField,
  openMainTab,
  openScenario,
  openSection,
  openSideTab,
  type Person,
  pickFirstImage,
  requiredMarker,
  scenarioApi,
  scenarioIdOf,
  scenarioPage,
  serverScenario,
  sidePanel,
  signedIn,
  statusBadge,
  submitForReview,
} from '../../support/scenario-authoring';
import { pickUpWithKeyboard } from '../../support/sortable';
import { activeServiceWorker, expectOffline, expectOnline, Network, pendingCount, SYNC_TIMEOUT, syncConflict } from '../../support/sync';
import { expect, expectAccessible, type Page, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * The scenario authoring page (spec 001 §2–§6, issue 4; docs/decisions/0023): an author drafts a scenario,
 * a reviewer takes it and comments, the author edits offline and the edit reaches the server, an admin
 * distributes it and a head trainer puts it live for learners. Offline edits that meet a status change made
 * elsewhere come back to the author as a conflict or refusal, never lost. Forms: a published rubric on the
 * Observer Scorecard, reordered.
 *
 * Every journey makes its own scenarios (unique titles), so runs and retries do not meet earlier data.
 */

const run = Date.now().toString(36);
// An action that never becomes possible fails at once rather than at the end of a long journey.
test.use({ actionTimeout: SYNC_TIMEOUT });
const OFFLINE_SAVED = 'Saved on this device; it syncs when you are back online';

async function closeAll(people: (Person | undefined)[]) {
  for (const p of people) await p?.context.close();
}

async function expectStatus(page: Page, label: string) {
  await expect(statusBadge(page)).toHaveText(label, { timeout: SYNC_TIMEOUT });
}

test.describe('Scenario authoring (spec 001 §2, issue 4)', () => {
  test('author → reviewer → offline edit → approve → distribute → go live → learners see it', async ({ browser }) => {
    test.setTimeout(240_000);
    const title = `Chest pain follow-up ${run}`;
    const objective = 'Take a focused history of chest pain.';
    const offlineObjective = 'Take a focused history of chest pain and explain the next steps.';
    const comment = 'Please say what "focused" means here <b>exactly</b>.';
    let author: Person | undefined;
    let reviewer: Person | undefined;
    let admin: Person | undefined;
    let headtrainer: Person | undefined;
    let superadmin: Person | undefined;
    let learner: Person | undefined;
    try {
      // The author creates a scenario from the dashboard; the new draft opens.
      author = await signedIn(browser, ACCOUNTS.author);
      const a = author.page;
      await a.goto('/scenarios');
      await expectAccessible(a);
      await a.getByRole('button', { name: 'Create New Scenario' }).click();
      await expect(a).toHaveURL(/\/scenarios\/\d+$/);
      const id = scenarioIdOf(a);
      await expect(scenarioPage(a)).toBeVisible();
      await expectStatus(a, 'Draft');
      await expect(sidePanel(a)).toHaveCount(0);
      for (const key of ['patient_image', 'title', 'patient_name', 'objective', 'target_audience', 'summary']) {
        await expect(requiredMarker(a, key)).toBeVisible();
      }
      // A new draft starts with 30 minutes (the server's default), so its duration is not missing.
      await expect(field(a, 'Session Duration')).toHaveValue('30');
      await expect(requiredMarker(a, 'session_duration')).toHaveCount(0);
      await expect(requiredMarker(a, 'funding_text')).toHaveCount(0);
      // The draft replicates to the author's device: from here edits are written there first.
      await expectLocalEditing(a);
      await expectAccessible(a, 'a new draft');

      // Image and title only: submitting names the required fields still empty.
      await pickFirstImage(a);
      await fillScenarioField(a, 'Title', title);
      await expect(requiredMarker(a, 'title')).toHaveCount(0);
      await expect(requiredMarker(a, 'patient_image')).toHaveCount(0);
      await expect(a.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await submitForReview(a);
      const warning = a.getByRole('dialog', { name: 'Required fields are empty.' });
      await expect(warning.getByRole('listitem')).toHaveText(['Patient Name', 'Objective', 'Target Audience']);
      await expectAccessible(a, 'the required fields warning');
      await warning.getByRole('button', { name: 'OK' }).click();
      await expectStatus(a, 'Draft');

      // The rest of the required fields, then Submit For Review.
      await fillScenarioField(a, 'Patient Name', 'Dana Whitfield');
      await fillScenarioField(a, 'Objective', objective);
      await fillScenarioField(a, 'Target Audience', 'Second-year medical students');
      await fillScenarioField(a, 'Summary', 'A 54-year-old with intermittent chest pain returns after an ED visit.');
      await field(a, 'Session Duration').selectOption({ label: '60 minutes' });
      await field(a, 'Televisit').selectOption({ label: 'Yes' });
      await a.getByPlaceholder('Add a tag').fill('cardiology');
      await a.getByRole('button', { name: 'Add Tag' }).click();
      await expect(a.getByRole('button', { name: 'Remove tag cardiology' })).toBeVisible();
      // Money fields take a number of at least 1; a wrong one is not saved.
      await fillScenarioField(a, 'Gift Card Amount', '0');
      await expect(fieldBlock(a, 'giftcard_amount')).toContainText('The amount must be a number of at least 1.');
      await expectAccessible(a, 'a draft with a field error');
      await fillScenarioField(a, 'Gift Card Amount', '15');
      await expect(fieldBlock(a, 'giftcard_amount')).not.toContainText('at least 1');
      await expect(fieldBlock(a, 'objective').getByTestId('required-marker')).toHaveCount(0);
      await expect(a.getByTestId('required-marker')).toHaveCount(0);
      await expectSaved(a);
      await submitForReview(a);
      await expectStatus(a, 'In Review');
      await expect(field(a, 'Objective')).toBeDisabled();
      // Submitting waited for the device's writes: the server has every field.
      const submitted = await serverScenario(a, id);
      expect(submitted).toMatchObject({ status: 2, title, objective, giftcard_amount: 15, tags: [{ name: 'cardiology' }] });

      // The reviewer takes it, comments on a field and sends it back.
      reviewer = await signedIn(browser, ACCOUNTS.reviewer);
      const r = reviewer.page;
      await openScenario(r, id);
      await action(r, 'Take Scenario Under My Review').click();
      await expect(action(r, 'Send Back for Editing')).toBeVisible();
      await expect(action(r, 'Take Scenario Under My Review')).toHaveCount(0);
      await expect(field(r, 'Objective')).toBeDisabled();
      await commentOn(r, 'Objective', comment);
      // Shown as text, never as HTML.
      const panel = commentPanel(r, 'Objective');
      await expect(panel.getByTestId('scenario-comment').filter({ hasText: '<b>exactly</b>' })).toBeVisible();
      await expect(panel.locator('b')).toHaveCount(0);
      await expectAccessible(r, "the reviewer's comment panel");
      await expect
        .poll(async () => (await serverScenario(r, id)).comments?.map((c) => [c.field, c.content]), { timeout: SYNC_TIMEOUT })
        .toContainEqual(['objective', comment]);
      await action(r, 'Send Back for Editing').click();
      await expectStatus(r, 'Editing');

      // The author's open page follows (replication): editing again, with the reviewer's comment.
      await expectStatus(a, 'Editing');
      await expect(field(a, 'Objective')).toBeEnabled({ timeout: SYNC_TIMEOUT });
      await expect(sidePanel(a).getByTestId('scenario-comment').filter({ hasText: comment })).toBeVisible({ timeout: SYNC_TIMEOUT });
      await expect(commentBubble(a, 'Objective')).toHaveText('1');

      // Offline: the edit is kept on the device and counted as pending, also across a reload.
      await activeServiceWorker(a);
      await expectLocalEditing(a);
      const network = new Network(author.context);
      await network.goOffline();
      await expectOffline(a);
      await expect(action(a, 'Submit For Review')).toBeDisabled();
      await fillScenarioField(a, 'Objective', offlineObjective);
      await expectSaved(a, OFFLINE_SAVED);
      await expect(pendingCount(a)).toHaveText('1');
      await expectAccessible(a, 'a draft offline with a pending edit');
      const reload = await a.reload();
      expect(reload?.fromServiceWorker(), 'the offline reload was answered by the service worker').toBe(true);
      await expect(scenarioPage(a)).toBeVisible();
      await expect(field(a, 'Objective')).toHaveValue(offlineObjective);
      await expect(pendingCount(a)).toHaveText('1');
      expect((await serverScenario(r, id)).objective).toBe(objective);
      expect(network.leaks).toEqual([]);

      // Reconnect: the edit reaches the server and the reviewer's open page shows it.
      await network.goOnline();
      await expect(pendingCount(a)).toHaveText('0', { timeout: SYNC_TIMEOUT });
      await expectOnline(a);
      await expect.poll(async () => (await serverScenario(r, id)).objective, { timeout: SYNC_TIMEOUT }).toBe(offlineObjective);
      await expect(field(r, 'Objective')).toHaveValue(offlineObjective, { timeout: SYNC_TIMEOUT });

      // Submitted again, the reviewer approves.
      await expect(action(a, 'Submit For Review')).toBeEnabled({ timeout: SYNC_TIMEOUT });
      await submitForReview(a);
      await expectStatus(a, 'In Review');
      await expectStatus(r, 'In Review');
      await action(r, 'Approve').click();
      await expectStatus(r, 'Approved');

      // An admin distributes it: going live without a partner is refused, then partner sp with a job number.
      admin = await signedIn(browser, ACCOUNTS.admin);
      const ad = admin.page;
      await openScenario(ad, id);
      await expectStatus(ad, 'Approved');
      await expect(sidePanel(ad).getByRole('tab')).toHaveText([
        'Details',
        'Comments',
        'Distribution',
        'SP',
        'Observers',
        'Scorecard Display',
        'Fee',
      ]);
      await action(ad, 'Go Live with this Scenario').click();
      const missing = ad.getByRole('dialog', { name: 'Missing Data Warning' });
      await expect(missing).toContainText('No Partners have been selected!');
      await expectAccessible(ad, 'the Missing Data Warning');
      await missing.getByRole('button', { name: 'OK' }).click();
      await expectStatus(ad, 'Approved');

      const distribution = await openSideTab(ad, 'Distribution');
      const addForm = distribution.getByRole('form', { name: 'Add a partner' });
      await addForm.getByRole('button', { name: 'Add Partner' }).click();
      await expect(addForm).toContainText('You must select a partner');
      await expect(addForm).toContainText('You must provide a job number');
      await expectAccessible(ad, 'the Distribution tab with errors');
      await field(addForm, 'Partner').selectOption('1');
      await field(addForm, 'Job Number').fill('sv-2026-014');
      await addForm.getByRole('button', { name: 'Add Partner' }).click();
      await expect(notification(ad, 'Partner added')).toBeVisible();
      const row = distribution.getByTestId('scenario-partner-1');
      await expect(row.getByTestId('job-number')).toHaveText('SV-2026-014');
      await row.getByRole('switch', { name: 'Featured' }).click();
      await expect(notification(ad, 'Featured Updated')).toBeVisible();
      await expect(row.getByRole('switch', { name: 'Featured' })).toBeChecked();
      await row.getByRole('button', { name: 'Edit job number of SimVisit' }).click();
      await field(row, 'Job Number').fill('');
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(row).toContainText('You must provied a job number.');
      await field(row, 'Job Number').fill('sv-2026-015');
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(row.getByTestId('job-number')).toHaveText('SV-2026-015');

      // SPs: a user must be chosen; then one is attached and removed.
      const sps = await openSideTab(ad, 'SP');
      await sps.getByRole('button', { name: 'Add SP' }).click();
      await expect(sps).toContainText('Please select a user to attach.');
      await expectAccessible(ad, 'the SP tab');
      const spChoice = field(sps, 'User').locator('option').nth(1);
      const spName = ((await spChoice.textContent()) ?? '').replace(/ \(.*\)$/, '');
      await field(sps, 'User').selectOption((await spChoice.getAttribute('value'))!);
      await sps.getByRole('button', { name: 'Add SP' }).click();
      await expect(notification(ad, 'User added')).toBeVisible();
      await sps.getByRole('button', { name: `Remove ${spName}` }).click();
      await expect(notification(ad, 'User Removed')).toBeVisible();
      await expect(sps.getByRole('button', { name: `Remove ${spName}` })).toHaveCount(0);

      // Fee: Save stays off while empty; a fee below 1 is refused with the rule's words.
      const fee = await openSideTab(ad, 'Fee');
      await field(fee, 'Scenario Fee').fill('');
      await expect(fee.getByRole('button', { name: 'Save' })).toBeDisabled();
      await field(fee, 'Scenario Fee').fill('0.5');
      await fee.getByRole('button', { name: 'Save' }).click();
      await expect(fee).toContainText('The amount must be a number of at least 1.');
      await expectAccessible(ad, 'the Fee tab with an error');
      await field(fee, 'Scenario Fee').fill('25');
      await fee.getByRole('button', { name: 'Save' }).click();
      await expect(notification(ad, 'Scenario fee updated')).toBeVisible();

      // The head trainer puts it live (no Comments or Distribution tabs for head trainers).
      headtrainer = await signedIn(browser, ACCOUNTS.headtrainer);
      const h = headtrainer.page;
      await openScenario(h, id);
      await expect(sidePanel(h).getByRole('tab', { name: 'Details' })).toBeVisible();
      await expect(sidePanel(h).getByRole('tab', { name: 'Distribution' })).toHaveCount(0);
      await expect(sidePanel(h).getByRole('tab', { name: 'Comments' })).toHaveCount(0);
      await action(h, 'Go Live with this Scenario').click();
      await expectStatus(h, 'Published');

      // A super admin makes a live change: the fields are written online, then Done with Changes.
      superadmin = await signedIn(browser, ACCOUNTS.superadmin);
      const sa = superadmin.page;
      await openScenario(sa, id);
      await expect(field(sa, 'Summary')).toBeDisabled();
      await action(sa, 'Make Scenario Changes').click();
      await expect(scenarioPage(sa)).toHaveAttribute('data-edit-mode', 'online');
      const liveSummary = 'A 54-year-old with chest pain on exertion returns after an ED visit.';
      await fillScenarioField(sa, 'Summary', liveSummary);
      await expectSaved(sa);
      expect((await serverScenario(sa, id)).summary).toBe(liveSummary);
      await action(sa, 'Done with Changes').click();
      await expect(action(sa, 'Make Scenario Changes')).toBeVisible();
      await expect(field(sa, 'Summary')).toBeDisabled();

      // A learner of the main brand finds it under Available Scenarios.
      learner = await signedIn(browser, ACCOUNTS.learner);
      const l = learner.page;
      await l.goto('/scenarios');
      await expect(l.getByRole('heading', { name: 'Available Scenarios' })).toBeVisible();
      await expect(l.getByText(title)).toBeVisible();
      await expectAccessible(l, "the learner's Available Scenarios");
    } finally {
      await closeAll([author, reviewer, admin, headtrainer, superadmin, learner]);
    }
  });

  test('offline edits that meet a status change made elsewhere come back as a conflict and a refusal, not lost', async ({ browser }) => {
    test.setTimeout(150_000);
    const original = 'Assess shortness of breath.';
    const mine = 'Assess shortness of breath and safety-net.';
    const brief = 'You are seeing Mr Ortiz in clinic.';
    let author: Person | undefined;
    let learner: Person | undefined;
    try {
      author = await signedIn(browser, ACCOUNTS.author);
      const a = author.page;
      const id = await createDraft(a, {
        title: `Breathless at night ${run}`,
        patient_name: 'Luis Ortiz',
        objective: original,
        target_audience: 'Nursing students',
        summary: 'Orthopnoea for two weeks.',
        session_duration: 60,
      });
      await openScenario(a, id);
      await expectLocalEditing(a);
      await expect(field(a, 'Objective')).toHaveValue(original);
      await activeServiceWorker(a);

      // Offline, the author changes a core field and a grouped field.
      const network = new Network(author.context);
      await network.goOffline();
      await expectOffline(a);
      await fillScenarioField(a, 'Objective', mine);
      await openSection(a, 'Learner Brief');
      const briefBox = fieldBlock(a, 'field_1').getByRole('textbox');
      await briefBox.fill(brief);
      await briefBox.blur();
      await expectSaved(a, OFFLINE_SAVED);
      await expect(pendingCount(a)).toHaveText('2');

      // Meanwhile the author's other device submits it for review (the page's request context is not cut).
      await scenarioApi(a, 'PUT', `/api/scenario/${id}/update-field/status`, { value: 2 });

      // Back online: the status wins; both edits wait for the author's decision.
      expect(network.leaks).toEqual([]);
      await network.goOnline();
      const banner = syncConflict(a);
      await expect(banner).toBeVisible({ timeout: SYNC_TIMEOUT });
      await expect(banner).toContainText('1 change was also made elsewhere');
      await expect(banner).toContainText('1 change was not saved');
      await expect(pendingCount(a)).toHaveText('0');
      await expectStatus(a, 'In Review');
      await expect(briefBox).toBeDisabled();

      await banner.getByRole('button', { name: 'Review changes' }).click();
      const dialog = a.getByRole('dialog', { name: 'Changes that need your decision' });
      const conflict = dialog.getByTestId(`sync-issue-${id}`);
      await expect(conflict.getByRole('heading')).toHaveText('Scenario changed on another device');
      await expect(conflict.getByRole('definition').first()).toHaveText(`Objective: ${mine}`);
      await expect(conflict.getByRole('definition').nth(1)).toHaveText(`Objective: ${original}`);
      const refused = dialog.getByTestId(`sync-issue-${id}-1`);
      await expect(refused.getByRole('heading')).toHaveText('Scenario field not saved');
      await expect(refused).toContainText('No changes can be made while the scenario is in review.');
      await expect(refused.getByRole('definition').first()).toHaveText(`Learner Brief: ${brief}`);
      await expectAccessible(a, 'the sync issues dialog');

      // Keeping the edit sends it again: the server refuses it for the review, and it is still kept.
      await conflict.getByRole('button', { name: 'Keep my version' }).click();
      await expect(conflict.getByRole('heading')).toHaveText('Scenario not saved', { timeout: SYNC_TIMEOUT });
      await expect(conflict).toContainText('No changes can be made while the scenario is in review.');
      await expect(conflict.getByRole('definition').first()).toHaveText(`Objective: ${mine}`);
      const server = await serverScenario(a, id);
      expect(server.status).toBe(2);
      expect(server.objective).toBe(original);
      expect(server.fields.find((f) => f.scenario_field_id === 1)?.value ?? '').toBe('');

      // Someone without access gets the spec's words and a way back.
      learner = await signedIn(browser, ACCOUNTS.learner);
      await learner.page.goto(`/scenarios/${id}`);
      await expect(learner.page.getByRole('alert')).toContainText('You do not have permission to access this scenario (No Access)');
      await expect(learner.page.getByRole('link', { name: 'Go to the Scenario Dashboard' })).toBeVisible();
      await expectAccessible(learner.page, 'a scenario without access');
    } finally {
      await closeAll([author, learner]);
    }
  });

  test("a published rubric on the new scenario's Observer Scorecard, moved to the top", async ({ browser }) => {
    test.setTimeout(150_000);
    let author: Person | undefined;
    try {
      author = await signedIn(browser, ACCOUNTS.author);
      const a = author.page;
      const rubricName = `Communication rubric ${run}`;
      await createPublishedRubric(a, rubricName, [{ type: 'True/False', text: 'Introduces themselves' }]);
      const id = await createDraft(a, {
        title: `Rubric scenario ${run}`,
        patient_name: 'Ada Brooks',
        objective: 'Break bad news.',
        target_audience: 'Residents',
        summary: 'A biopsy result.',
        session_duration: 30,
      });
      // The scenario list, which Clone Scenario passes through on its way to the copy (below).
      await a.goto('/scenarios');
      await expectAccessible(a);
      await openScenario(a, id);
      await openMainTab(a, 'Observer Scorecard');

      // A question first, then the rubric after it.
      await a.getByRole('button', { name: 'Add Question' }).click();
      const question = a.getByRole('dialog', { name: 'Add Question' });
      await field(question, 'Question Type').selectOption({ label: 'Long Fill' });
      await question.getByRole('textbox', { name: 'Question', exact: true }).fill('What went well?');
      await expectAccessible(a, 'the Add Question dialog');
      await question.getByRole('button', { name: 'Add Question' }).click();
      await expect(question).toBeHidden();
      const items = a.getByRole('list', { name: 'Questions and rubrics' }).locator(':scope > li');
      await expect(items).toHaveCount(1);

      await a.getByRole('button', { name: 'Attach Rubric' }).click();
      const attach = a.getByRole('dialog', { name: 'Attach Rubric' });
      const select = field(attach, 'Rubric');
      const option = select.locator('option').filter({ hasText: rubricName });
      await select.selectOption((await option.getAttribute('value'))!);
      await expectAccessible(a, 'the Attach Rubric dialog');
      await attach.getByRole('button', { name: 'Attach' }).click();
      await expect(attach).toBeHidden();
      await expect(items).toHaveCount(2);
      await expect(items.nth(1)).toContainText(rubricName);

      // Moved to the top with the keyboard handle; the order is kept on the server.
      const handle = items.nth(1).getByRole('button', { name: /^Reorder / });
      await pickUpWithKeyboard(a, handle);
      await a.keyboard.press('ArrowUp');
      await expect(a.getByRole('status').filter({ hasText: 'is over position 1 of 2' })).toBeAttached();
      await a.keyboard.press('Space');
      await expect(a.getByRole('status').filter({ hasText: 'dropped at position 1 of 2' })).toBeAttached();
      await expect(items.first()).toContainText(rubricName);
      await expect(a.getByRole('list', { name: 'Questions and rubrics' })).toHaveAttribute('aria-busy', 'false');
      await a.reload();
      await openMainTab(a, 'Observer Scorecard');
      await expect(items.first()).toContainText(rubricName);
      await expect(items.nth(1)).toContainText('What went well?');

      // Clone Scenario: through /scenarios to the new scenario.
      await action(a, 'Clone Scenario').click();
      await expect(notification(a, 'Scenario cloned successfully')).toBeVisible();
      await expect(a).toHaveURL(/\/scenarios\/\d+$/);
      await expect.poll(() => scenarioIdOf(a)).not.toBe(id);
      await expect(scenarioPage(a)).toBeVisible();
      await expectAccessible(a, 'the cloned scenario');
    } finally {
      await closeAll([author]);
    }
  });
  test('comment bubbles and the comment panel: floating past 380 px, a pause after a field change, narrow windows, none for trainers', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    let author: Person | undefined;
    let trainer: Person | undefined;
    try {
      author = await signedIn(browser, ACCOUNTS.author);
      const a = author.page;
      const id = await createDraft(a, {
        title: `Panel layout ${run}`,
        patient_name: 'Ruth Mensah',
        objective: 'Explain a new inhaler.',
        target_audience: 'Pharmacy students',
        summary: 'Newly diagnosed asthma.',
        session_duration: 30,
      });
      await openScenario(a, id);
      await expectLocalEditing(a);

      // Wide window: the bubble sits beside the field; the panel opens in the side column.
      await expect(commentBubble(a, 'Summary')).toHaveAttribute('data-layout', 'wide');
      await commentBubble(a, 'Summary').click();
      const panel = commentPanel(a, 'Summary');
      await expect(panel).toBeVisible();
      await expect(panel).toContainText('No comments yet.');
      await expectAccessible(a, "the author's comment panel");

      // At the top it sits in the side column; scrolled past 380 px it floats beside the fields.
      await a.evaluate(() => window.scrollTo(0, 0));
      await expect(panel).toHaveAttribute('data-floating', 'false');
      await a.evaluate(() => window.scrollTo(0, 600));
      await expect(panel).toHaveAttribute('data-floating', 'true');

      // A field change hides it for a moment; then it is back.
      const hidden = panel.waitFor({ state: 'hidden' });
      await field(a, 'Patient Name').fill('Ruth A. Mensah');
      await hidden;
      await expect(panel).toBeVisible();

      // Narrow window: the bubble sits by the label and the panel opens under its field.
      await a.setViewportSize({ width: 1024, height: 800 });
      await expect(commentBubble(a, 'Summary')).toHaveAttribute('data-layout', 'narrow');
      await expect(fieldBlock(a, 'summary').getByRole('region', { name: 'Comments on Summary' })).toBeVisible();
      // Checked from the top: scrolled, a field's bubble can pass under the sticky header, which axe's target-size
      // rule counts as an overlapped target (found by a shuffled run, where the scroll had not settled).
      await a.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(a, 'a narrow window with the comment panel');

      // The author deletes the draft after a confirmation.
      await action(a, 'Delete Scenario').click();
      const confirm = a.getByRole('dialog', { name: 'Delete Scenario' });
      await expectAccessible(a, 'the Delete Scenario confirmation');
      await confirm.getByRole('button', { name: 'Delete Scenario' }).click();
      await expect(notification(a, 'Scenario deleted')).toBeVisible();
      await expect(a).toHaveURL(/\/scenarios$/);
      await expectAccessible(a);
      await a.goto(`/scenarios/${id}`);
      await expect(a.getByRole('alert').filter({ hasText: 'Error Loading Scenario' })).toBeVisible();
      await expectAccessible(a, 'a deleted scenario');

      // Trainers see no bubbles (and only the SP and Observers tabs of the side panel).
      trainer = await signedIn(browser, ACCOUNTS.trainer);
      const t = trainer.page;
      const approved = await scenarioApi<{ scenarios: { id: number }[] }>(t, 'GET', '/api/scenarios/approved');
      expect(approved.scenarios.length, 'the seed has approved scenarios').toBeGreaterThan(0);
      await openScenario(t, approved.scenarios[0]!.id);
      await expect(sidePanel(t).getByRole('tab')).toHaveText(['SP', 'Observers']);
      await expect(t.getByRole('button', { name: /^Comments on / })).toHaveCount(0);
    } finally {
      await closeAll([author, trainer]);
    }
  });
});
