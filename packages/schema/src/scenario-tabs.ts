/** Scenario dashboard tabs (spec 001 §2, §6) and which permission set sees which. */
export const SCENARIO_TABS = [
  { key: 'published', label: 'Published Scenarios' },
  { key: 'my-scenarios', label: 'My Scenarios' },
  { key: 'need-review', label: 'Needs Review' },
  { key: 'in-review', label: 'In Review' },
  { key: 'approved', label: 'Approved' },
  { key: 'archived', label: 'Archived' },
] as const;
export type ScenarioTabKey = (typeof SCENARIO_TABS)[number]['key'];
export type ScenarioDashboardKind = 'admin' | 'author' | 'reviewer' | 'trainer' | 'learner';

/** Which dashboard a set of permissions gets (spec 001 §6): admin wins, then author, reviewer, trainer. */
export function scenarioDashboardKind(permissions: readonly string[]): ScenarioDashboardKind {
  if (permissions.includes('scenario.admin')) return 'admin';
  if (permissions.includes('scenario.create')) return 'author';
  if (permissions.includes('scenario.review')) return 'reviewer';
  if (permissions.includes('training_session.schedule')) return 'trainer';
  return 'learner';
}
export function scenarioTabsFor(kind: ScenarioDashboardKind): ScenarioTabKey[] {
  if (kind === 'learner') return [];
  if (kind === 'trainer') return ['published', 'approved', 'archived'];
  return SCENARIO_TABS.map((t) => t.key);
}
export const canCreateScenario = (kind: ScenarioDashboardKind) => kind === 'admin' || kind === 'author';
