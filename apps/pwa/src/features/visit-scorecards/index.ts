/**
 * The visit scorecards (decision 0030): the /visit/:visit_id/scorecard page, and what the visit page or the sync
 * issues dialog may use of it.
 */
export { restoreAnswers } from './local-scorecards';
export { ScorecardQuestions } from './ScorecardQuestions';
export { visitScorecardsRoutes } from './visit-scorecards-routes';
