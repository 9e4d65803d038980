import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { field } from '../../support/forms';
import {
  addQuestion,
  createPublishedRubric,
  createRubric,
  fillQuestion,
  LIKERT_DEFAULTS,
  publishRubric,
  questionDialog,
  questionItems,
  renameRubric,
  rubricIdOf,
  saveRubricField,
} from '../../support/rubrics';
import { openSidebar } from '../../support/shell';
import { pickUpWithKeyboard } from '../../support/sortable';
import { expect, expectAccessible, type Page, test } from '../../support/test';

/**
 * Rubric list and detail (spec 001 §2, §4 Rubric, §5 'Questions and rubrics', §8). Each journey makes its own
 * rubrics with names unique to the run, so the seed's rubrics and a retry never get in the way.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

function rubricLink(page: Page, tab: 'Rubric Drafts' | 'Published Rubrics', name: string) {
  return page.getByRole('tabpanel', { name: tab }).getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
}

/** Shows a tab of the list and the link of a rubric on it, paging forward when the list is longer than 10. */
async function findOnList(page: Page, tab: 'Rubric Drafts' | 'Published Rubrics', name: string) {
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await expect(panel.getByRole('link').first().or(panel.getByRole('status'))).toBeVisible();
  for (;;) {
    if (await rubricLink(page, tab, name).isVisible()) return rubricLink(page, tab, name);
    const next = panel.getByRole('button', { name: 'Next' });
    if (!(await next.isVisible()) || !(await next.isEnabled())) return rubricLink(page, tab, name);
    await next.click();
    await expect(panel).toHaveAttribute('aria-busy', 'false');
  }
}

/**
 * Moves a question with the keyboard handle: Space picks it up, arrows move it, Space drops it. Each key
 * waits for what a screen reader hears (the drag's live announcements) before the next.
 */
async function moveWithKeyboard(page: Page, from: number, steps: number) {
  const count = await questionItems(page).count();
  const handle = questionItems(page)
    .nth(from)
    .getByRole('button', { name: /^Move question/ });
  const announced = (text: string | RegExp) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
  await pickUpWithKeyboard(page, handle);
  // Picking up is announced, and at once replaced by where the question is (over its own place).
  await announced(
    new RegExp(`Picked up question ${from + 1} of ${count}\\.|Question ${from + 1} is over position ${from + 1} of ${count}\\.`),
  );
  for (let i = 1; i <= Math.abs(steps); i++) {
    await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
    await announced(`Question ${from + 1} is over position ${from + 1 + (steps > 0 ? i : -i)} of ${count}.`);
  }
  await page.keyboard.press('Space');
  await announced(`Question ${from + 1} dropped at position ${from + 1 + steps} of ${count}.`);
}

async function questionTexts(page: Page): Promise<string[]> {
  const items = questionItems(page);
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((lis) => lis.map((li) => (li.querySelector('[data-question-text]')?.textContent ?? '').trim()));
}

test.describe('Rubrics (spec 001 §2)', () => {
  test('an admin builds a rubric with every question type, reorders, publishes, clones and deletes a draft', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, ACCOUNTS.admin);

    // The list: the two tabs and the create button.
    await page.goto('/rubrics');
    await expect(page.getByRole('heading', { level: 1, name: 'Rubrics' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Rubric Drafts' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Published Rubrics' })).toBeVisible();

    await createRubric(page);

    // The name is required (spec 001 §5), with the 'Invalid data.' notice; then it is renamed.
    await page.getByRole('button', { name: 'Edit Name' }).click();
    const nameForm = page.getByRole('form', { name: 'Edit Name' });
    await field(nameForm, 'Name').fill('   ');
    await nameForm.getByRole('button', { name: 'Save' }).click();
    await expect(nameForm.getByText('Please provide content for the name field.')).toBeVisible();
    await expect(notification(page, 'Invalid data.')).toContainText('Please provide content for the name field.');
    await expectAccessible(page, 'a rubric name with an error');
    await nameForm.getByRole('button', { name: 'Cancel' }).click();
    const name = unique('E2E Communication');
    await renameRubric(page, name);
    await saveRubricField(page, 'Learner Instructions', 'Read the feedback after your visit.');
    await saveRubricField(page, 'Display Type', 'Cards');
    await expect(page.getByText('Read the feedback after your visit.')).toBeVisible();

    // The question modal refuses a question without type and text.
    await page.getByRole('button', { name: 'Add Question' }).click();
    let dialog = questionDialog(page);
    await expect(field(dialog, 'Question Type')).toBeFocused();
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog.getByText('A question type must be selected')).toBeVisible();
    await expect(dialog.getByText('Question text is required')).toBeVisible();
    await expectAccessible(page, 'the Add Question dialog with errors');

    // Multiple choice: one answer is refused, a blank one too, then three answers are added.
    await fillQuestion(dialog, { type: 'Multiple Choice', text: 'How clear was the explanation?' });
    await field(dialog, 'Answer 1').fill('Clear');
    await dialog.getByRole('button', { name: 'Remove answer 2' }).click();
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog.getByText('Multiple choice requires at least 2 answers')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Answer' }).click();
    await expect(field(dialog, 'Answer 2')).toBeFocused();
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog.getByText('You have empty answers')).toBeVisible();
    // The focus goes to the empty answer with the message, not to the first answer, and stays there.
    await expect(field(dialog, 'Answer 2')).toBeFocused();
    await field(dialog, 'Answer 2').fill('Partly clear');
    await dialog.getByRole('button', { name: 'Add Answer' }).click();
    await field(dialog, 'Answer 3').fill('Unclear');
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog).toBeHidden();
    await expect(notification(page, 'Question has been added')).toBeVisible();
    await expect(questionItems(page).first()).toContainText('Multiple Choice');
    await expect(questionItems(page).first().getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText([
      'Clear',
      'Partly clear',
      'Unclear',
    ]);

    // True/false: always Yes and No.
    await page.getByRole('button', { name: 'Add Question' }).click();
    dialog = questionDialog(page);
    await fillQuestion(dialog, { type: 'True/False', text: 'Did the learner introduce themselves?' });
    await expect(dialog.getByRole('list', { name: 'True/false answers' }).getByRole('listitem')).toHaveText(['Yes', 'No']);
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog).toBeHidden();
    await expect(questionItems(page).nth(1)).toContainText('True/False');
    await expect(questionItems(page).nth(1).getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText(['Yes', 'No']);

    // Likert 5: five answers prefilled with the spec's defaults.
    await page.getByRole('button', { name: 'Add Question' }).click();
    dialog = questionDialog(page);
    await fillQuestion(dialog, { type: 'Likert 5', text: 'Effort shown in history taking' });
    for (const [i, label] of LIKERT_DEFAULTS.entries()) await expect(field(dialog, `Scale ${i + 1}`)).toHaveValue(label);
    await expectAccessible(page, 'a Likert 5 question');
    await expect(dialog.getByRole('button', { name: 'Add Answer' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog).toBeHidden();
    await expect(questionItems(page).nth(2)).toContainText('Likert 5');
    await expect(questionItems(page).nth(2).getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText(
      LIKERT_DEFAULTS.map((label, i) => `${i + 1}${label}`),
    );

    // Long fill: no answers.
    await addQuestion(page, { type: 'Long Fill', text: 'What went well?', shortDescription: 'A few sentences' });
    await expect(questionItems(page).nth(3)).toContainText('Long Fill');
    await expect(questionItems(page).nth(3)).toContainText('A few sentences');

    // Editing a question keeps its place.
    await page.getByRole('button', { name: 'Edit question 4' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await expect(dialog.getByRole('textbox', { name: 'Question', exact: true })).toHaveText('What went well?');
    await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill('What went well, and why?');
    await dialog.getByRole('button', { name: 'Save Question' }).click();
    await expect(dialog).toBeHidden();
    await expect(notification(page, 'Question has been edited')).toBeVisible();
    await expect(questionItems(page).nth(3)).toContainText('What went well, and why?');

    const original = [
      'How clear was the explanation?',
      'Did the learner introduce themselves?',
      'Effort shown in history taking',
      'What went well, and why?',
    ];
    expect(await questionTexts(page)).toEqual(original);
    await expectAccessible(page, 'a rubric with every question type');

    // Reorder with the keyboard: the first question moves two places down; the order survives a reload.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/rubric/${rubricIdOf(page)}/reorder`) && r.request().method() === 'POST',
    );
    await moveWithKeyboard(page, 0, 2);
    expect((await saved).status()).toBe(200);
    const reordered = [original[1], original[2], original[0], original[3]];
    expect(await questionTexts(page)).toEqual(reordered);
    await page.reload();
    expect(await questionTexts(page)).toEqual(reordered);

    // Publish: the rubric becomes read-only.
    await publishRubric(page);
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('This rubric is published and can no longer be changed.')).toBeVisible();
    for (const button of [
      'Edit Name',
      'Edit Learner Instructions',
      'Add Question',
      'Edit question 1',
      'Delete question 1',
      'Publish',
      'Delete',
    ]) {
      await expect(page.getByRole('button', { name: button, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: /^Move question/ })).toHaveCount(0);
    await expectAccessible(page, 'a published rubric');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Question' })).toHaveCount(0);
    expect(await questionTexts(page)).toEqual(reordered);
    const publishedId = rubricIdOf(page);

    // Listed under Published Rubrics, not under drafts.
    await page.goto('/rubrics');
    await expect(await findOnList(page, 'Published Rubrics', name)).toHaveAttribute('href', `/rubrics/${publishedId}`);
    await page.goto('/rubrics');
    await expect(await findOnList(page, 'Rubric Drafts', name)).toHaveCount(0);

    // Clone: a new draft with the same questions in the same order opens.
    await page.goto(`/rubrics/${publishedId}`);
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    await expect(notification(page, 'Rubric Cloned')).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/rubrics/${publishedId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${name} (Copy)` })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    expect(await questionTexts(page)).toEqual(reordered);
    await expect(page.getByRole('button', { name: 'Add Question' })).toBeVisible();
    const cloneId = rubricIdOf(page);

    // Delete the draft copy, with its confirmation; the list no longer has it.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Rubric' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'the Delete Rubric confirmation');
    await confirm.getByRole('button', { name: 'Delete Rubric' }).click();
    await expect(notification(page, 'Rubric Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/rubrics$/);
    await expect(await findOnList(page, 'Rubric Drafts', `${name} (Copy)`)).toHaveCount(0);
    await page.goto(`/rubrics/${cloneId}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Error Loading Rubric' })).toContainText('Rubric not found.');
    await expectAccessible(page, 'a deleted rubric');
    // The published original is still there.
    await page.goto(`/rubrics/${publishedId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('an author deletes a question, cannot publish an empty rubric, and gets the old order back when a reorder fails', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await login(page, ACCOUNTS.author);
    // A tablet in portrait: the editor fits without sideways scrolling.
    await page.setViewportSize({ width: 768, height: 1024 });
    await createRubric(page);
    const name = unique('E2E Empty');
    await renameRubric(page, name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await addQuestion(page, { type: 'Long Fill', text: 'First thoughts' });
    await addQuestion(page, { type: 'True/False', text: 'Was consent asked?' });

    // The server refuses the reorder: the warning of spec 001 §8 and the old order.
    await page.route('**/api/rubric/*/reorder', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
    );
    await moveWithKeyboard(page, 0, 1);
    await expect(notification(page, 'Error')).toContainText('There was an error reordering the questions.');
    expect(await questionTexts(page)).toEqual(['First thoughts', 'Was consent asked?']);
    await page.unroute('**/api/rubric/*/reorder');

    // Delete both questions, with the confirmation.
    for (const text of ['First thoughts', 'Was consent asked?']) {
      await questionItems(page)
        .filter({ hasText: text })
        .getByRole('button', { name: /^Delete question/ })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete Question' });
      await expect(confirm).toContainText(text);
      await confirm.getByRole('button', { name: 'Delete Question' }).click();
      await expect(notification(page, 'Question successfully deleted').last()).toBeVisible();
      await expect(questionItems(page).filter({ hasText: text })).toHaveCount(0);
    }
    await expect(page.getByText('This rubric has no questions yet.', { exact: false })).toBeVisible();
    await expectAccessible(page, 'a rubric without questions on a tablet');

    // Publishing without questions is refused with the server's words; the rubric stays a draft.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish Rubric' }).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(notification(page, 'Error Publishing Rubric')).toContainText(
      'Rubric incomplete: Please attach questions before publishing.',
    );
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Question' })).toBeVisible();

    // The author deletes the draft and is back on the list.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Rubric' }).getByRole('button', { name: 'Delete Rubric' }).click();
    await expect(notification(page, 'Rubric Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/rubrics$/);
    await expect(await findOnList(page, 'Rubric Drafts', name)).toHaveCount(0);
  });

  test('createPublishedRubric makes a published rubric with custom Likert labels for other journeys', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, ACCOUNTS.author);
    const name = unique('E2E Helper');
    const labels = ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'];
    const id = await createPublishedRubric(page, name, [
      { type: 'Likert 5', text: 'Checks understanding', answers: labels },
      { type: 'Multiple Choice', text: 'Best summary', answers: ['A', 'B', 'C', 'D'] },
    ]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(rubricIdOf(page)).toBe(id);
    expect(await questionTexts(page)).toEqual(['Checks understanding', 'Best summary']);
    await expect(questionItems(page).first().getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText(
      labels.map((label, i) => `${i + 1}${label}`),
    );
    await expect(questionItems(page).nth(1).getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText(['A', 'B', 'C', 'D']);
    await page.goto('/rubrics');
    await expect(await findOnList(page, 'Published Rubrics', name)).toHaveAttribute('href', `/rubrics/${id}`);
  });

  test('super admins find Rubrics in the menu', async ({ page }) => {
    await login(page, ACCOUNTS.superadmin);
    const menu = await openSidebar(page);
    await menu.getByRole('link', { name: 'Rubrics' }).click();
    await expect(page).toHaveURL(/\/rubrics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rubrics' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Published Rubrics' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a learner opening /rubrics gets the 403 page', async ({ page }) => {
    await login(page, ACCOUNTS.learner);
    await page.goto('/rubrics');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Error: 403 - Access Denied: You do not have permission to access this content' }),
    ).toBeVisible();
    await expectAccessible(page, 'the 403 page');
  });
});
