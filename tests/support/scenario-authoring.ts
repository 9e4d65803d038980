import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { login } from './auth';
import { field } from './forms';
import { SYNC_TIMEOUT } from './sync';

/**
 * The scenario authoring page /scenarios/{id} (apps/pwa/src/features/scenario-authoring), for the authoring
 * journeys: its fields, comment bubbles, actions and side panel, and the scenario calls a second device of the
 * same person would make.
 */

export interface Person {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context signed in as `email` (one person on their own device). */
export async function signedIn(browser: Browser, email: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email);
  return { context, page };
}

export function scenarioPage(page: Page): Locator {
  return page.getByTestId('scenario-page');
}

/** Opens the authoring page, waits until it shows the scenario and checks its accessibility. */
export async function openScenario(page: Page, id: number): Promise<void> {
  await page.goto(`/scenarios/${id}`);
  await expect(scenarioPage(page)).toBeVisible();
  await expectAccessible(page);
}

/** The scenario id of the authoring page that is open. */
export function scenarioIdOf(page: Page): number {
  const match = /\/scenarios\/(\d+)$/.exec(new URL(page.url()).pathname);
  expect(match, `a scenario page is open (${page.url()})`).not.toBeNull();
  return Number(match![1]);
}

/** Edits go to the device's store (offline drafting) once the scenario has replicated to it. */
export async function expectLocalEditing(page: Page): Promise<void> {
  await expect(scenarioPage(page)).toHaveAttribute('data-edit-mode', 'local', { timeout: SYNC_TIMEOUT });
}

export function statusBadge(page: Page): Locator {
  return page.getByTestId('scenario-status');
}

/** A scenario field's block (label, required marker, bubble, control) by its comment key ('title', 'field_1'). */
export function fieldBlock(page: Page, key: string): Locator {
  return page.getByTestId(`scenario-field-${key}`);
}

export function requiredMarker(page: Page, key: string): Locator {
  return fieldBlock(page, key).getByTestId('required-marker');
}

/** Opens a tab of the Scenario section (Overview, Learner Brief, ...). */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Scenario sections' }).getByRole('tab', { name, exact: true }).click();
}

/** Opens a main tab (Scenario, Observer Scorecard, SP Scorecard, Participant Feedback). */
export async function openMainTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Scenario', exact: true }).getByRole('tab', { name, exact: true }).click();
}

/** Types into a text field and leaves it (the value is saved on leaving, or after a pause in typing). */
export async function fillScenarioField(page: Page, label: string, value: string): Promise<void> {
  const control = field(page, label);
  await control.fill(value);
  await control.blur();
  await expect(control).toHaveValue(value);
}

/** The page's autosave indicator says every change is saved (on the server, or on the device offline). */
export async function expectSaved(page: Page, text = 'All changes saved'): Promise<void> {
  await expect(page.getByTestId('autosave-status')).toHaveText(text);
}

/** Picks the first image of the patient image library through 'Select An Image'. */
export async function pickFirstImage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Select An Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select An Image' });
  const first = dialog.getByRole('list', { name: 'Patient images' }).getByRole('button').first();
  await expect(first).toBeVisible();
  await expectAccessible(page, 'the Select An Image dialog');
  await first.click();
  await expect(dialog).toBeHidden();
  await expect(fieldBlock(page, 'patient_image').getByTestId('patient-image')).toBeVisible();
}

/** An action button of the page ('Submit For Review', 'Approve', ...). */
export function action(page: Page, label: string): Locator {
  return page.getByRole('button', { name: label, exact: true });
}

/** Submits for review through the confirmation, which says no changes can be made while in review. */
export async function submitForReview(page: Page): Promise<void> {
  await action(page, 'Submit For Review').click();
  const dialog = page.getByRole('dialog', { name: 'Submit For Review' });
  await expect(dialog).toContainText('no changes can be made while the scenario is in review');
  await dialog.getByRole('button', { name: 'Submit For Review' }).click();
}

/** The comment bubble of a field, and its panel. */
export function commentBubble(page: Page, label: string): Locator {
  return page.getByRole('button', { name: `Comments on ${label}`, exact: true });
}

export function commentPanel(page: Page, label: string): Locator {
  return page.getByRole('region', { name: `Comments on ${label}`, exact: true });
}

/** Writes a comment on a field through its bubble and waits until it is listed. */
export async function commentOn(page: Page, label: string, text: string): Promise<void> {
  await commentBubble(page, label).click();
  const panel = commentPanel(page, label);
  await expect(panel).toBeVisible();
  await field(panel, 'Add a comment').fill(text);
  await panel.getByRole('button', { name: 'Add Comment' }).click();
  await expect(panel.getByTestId('scenario-comment').filter({ hasText: text })).toBeVisible();
}

/** The side panel (not in draft) and one of its tabs. */
export function sidePanel(page: Page): Locator {
  return page.getByTestId('scenario-side-panel');
}

export async function openSideTab(page: Page, name: string): Promise<Locator> {
  await sidePanel(page).getByRole('tab', { name, exact: true }).click();
  return sidePanel(page).getByRole('tabpanel');
}

// ---------------------------------------------------------------------------------------------------------
// Calls of the signed-in person's session (their "other device"), with the CSRF header of state changes

async function xsrf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie, 'the XSRF-TOKEN cookie of the signed-in context').toBeDefined();
  return decodeURIComponent(cookie!.value);
}

export async function scenarioApi<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    data: method === 'GET' ? undefined : (data ?? {}),
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': await xsrf(page) },
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface ScenarioFields {
  title: string;
  patient_name: string;
  objective: string;
  target_audience: string;
  summary: string;
  session_duration: 30 | 60;
}

/** A new draft of the signed-in author (POST api/scenario), with its core fields set (PUT api/scenario/{id}). */
export async function createDraft(page: Page, fields: ScenarioFields): Promise<number> {
  const { id } = await scenarioApi<{ id: number }>(page, 'POST', '/api/scenario');
  await scenarioApi(page, 'PUT', `/api/scenario/${id}`, fields);
  return id;
}

export interface ServerScenario {
  status: number;
  objective: string | null;
  title: string | null;
  summary: string | null;
  giftcard_amount: number | null;
  tags: { name: string }[];
  fields: { scenario_field_id: number; value: string }[];
  comments?: { field: string; content: string }[];
}

export async function serverScenario(page: Page, id: number): Promise<ServerScenario> {
  return (await scenarioApi<{ scenario: ServerScenario }>(page, 'GET', `/api/scenario/${id}`)).scenario;
}
