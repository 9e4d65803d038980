import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { notification } from './auth';
import { field } from './forms';

/**
 * Rubric helpers (spec 001 §2 'Rubric list and detail'), for the rubric journeys and for journeys that need
 * a published rubric (attaching one to a scenario's scorecard). They click through the screens as a person
 * would; `page` must be signed in as an author, a scenario admin or a super admin.
 */

/** The question type labels of the type select (spec 001 §3). */
export type QuestionTypeLabel = 'Multiple Choice' | 'True/False' | 'Long Fill' | 'Likert 5';

export interface QuestionInput {
  type: QuestionTypeLabel;
  /** Plain text typed into the question editor. */
  text: string;
  /** Multiple choice: the answers (2 to 6). Likert: the five labels to type instead of the defaults. */
  answers?: readonly string[];
  shortDescription?: string;
}

/** The Likert 5 defaults of spec 001 §5. */
export const LIKERT_DEFAULTS = ['No effort', 'Minimal effort', 'Moderate effort', 'Skilled effort', 'Exemplary effort'] as const;

/** The rubric id of the detail page that is open. */
export function rubricIdOf(page: Page): number {
  const match = /\/rubrics\/(\d+)$/.exec(new URL(page.url()).pathname);
  expect(match, `a rubric page is open (${page.url()})`).not.toBeNull();
  return Number(match![1]);
}

/** The question list of the open rubric, in its shown order. */
export function questionItems(page: Page): Locator {
  return page.getByRole('list', { name: 'Questions' }).locator(':scope > li');
}

/** The rubric list's create button: a new draft opens. Returns its id; both pages are checked for accessibility. */
export async function createRubric(page: Page): Promise<number> {
  await page.goto('/rubrics');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create New Rubric' }).click();
  await expect(page).toHaveURL(/\/rubrics\/\d+$/);
  await expect(notification(page, 'Rubric created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled Rubric' })).toBeVisible();
  await expectAccessible(page, 'a new rubric');
  return rubricIdOf(page);
}

/** Saves one detail field of the open draft through its Edit button ('Name', 'Learner Instructions', …). */
export async function saveRubricField(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const form = page.getByRole('form', { name: `Edit ${label}` });
  const control = field(form, label);
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption({ label: value });
  else await control.fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Rubric updated.').last()).toBeVisible();
  await expect(form).toBeHidden();
}

export async function renameRubric(page: Page, name: string): Promise<void> {
  await saveRubricField(page, 'Name', name);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The open question modal (Add Question or Edit Question). */
export function questionDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^(Add|Edit) Question$/ });
}

/** Fills the open question modal: type, text, short description and answers. */
export async function fillQuestion(dialog: Locator, question: QuestionInput): Promise<void> {
  await field(dialog, 'Question Type').selectOption({ label: question.type });
  const editor = dialog.getByRole('textbox', { name: 'Question', exact: true });
  await editor.fill(question.text);
  await expect(editor).toHaveText(question.text);
  if (question.shortDescription !== undefined) await field(dialog, 'Short Description').fill(question.shortDescription);
  const answers = question.answers;
  if (!answers) return;
  if (question.type === 'Likert 5') {
    for (const [i, answer] of answers.entries()) await field(dialog, `Scale ${i + 1}`).fill(answer);
    return;
  }
  if (question.type !== 'Multiple Choice') return;
  const addAnswer = dialog.getByRole('button', { name: 'Add Answer' });
  for (const [i, answer] of answers.entries()) {
    if ((await dialog.getByLabel(`Answer ${i + 1}`, { exact: true }).count()) === 0) await addAnswer.click();
    await field(dialog, `Answer ${i + 1}`).fill(answer);
  }
}

/** Adds a question to the open draft through the Add Question modal and waits until it is listed. */
export async function addQuestion(page: Page, question: QuestionInput): Promise<void> {
  const before = await questionItems(page).count();
  await page.getByRole('button', { name: 'Add Question' }).click();
  const dialog = questionDialog(page);
  await expect(dialog).toBeVisible();
  await fillQuestion(dialog, question);
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(dialog).toBeHidden();
  await expect(notification(page, 'Question has been added').last()).toBeVisible();
  await expect(questionItems(page)).toHaveCount(before + 1);
  await expect(questionItems(page).nth(before)).toContainText(question.text);
}

/** Publishes the open draft (with its confirmation) and waits until it is read-only. */
export async function publishRubric(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Publish Rubric' }).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(notification(page, 'Rubric Published')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Question' })).toHaveCount(0);
}

/**
 * A published rubric made through the screens: create, rename, add the questions, publish. Returns its id;
 * the rubric's page stays open. Published rubrics are what scenario forms attach.
 */
export async function createPublishedRubric(page: Page, name: string, questions: readonly QuestionInput[]): Promise<number> {
  const id = await createRubric(page);
  await renameRubric(page, name);
  for (const question of questions) await addQuestion(page, question);
  await publishRubric(page);
  return id;
}
