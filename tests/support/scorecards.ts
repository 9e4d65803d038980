import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** What GET api/visit/{id}/scorecard says about a visit's scorecards (the parts the journeys read). */
export interface ScorecardAnswer {
  view: string;
  visit: {
    is_complete: boolean;
    is_feedback_form_complete: boolean;
    is_scorecard_complete: boolean;
    feedback_form: { submitted_at: string | null; responses: { question_id: number; response: number | string }[] } | null;
  };
}

/** The visit's scorecards as the server has them, through the signed-in context's cookies. */
export async function serverScorecard(request: APIRequestContext, visitId: string | number): Promise<ScorecardAnswer> {
  const response = await request.get(`/api/visit/${visitId}/scorecard`, { headers: { Accept: 'application/json' } });
  expect(response.ok(), `GET /api/visit/${visitId}/scorecard answered ${response.status()}`).toBe(true);
  return (await response.json()) as ScorecardAnswer;
}

/** A question's answers by the question's words (its radio group). */
export function question(page: Page, text: string): Locator {
  return page.getByRole('radiogroup', { name: text, exact: true });
}

/** The Visit Scorecard page on the given tab, with View Scenario. */
export async function expectScorecardPage(page: Page, tab: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Visit Scorecard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: tab })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Scenario' })).toBeVisible();
}
