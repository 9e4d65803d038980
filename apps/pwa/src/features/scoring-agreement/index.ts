/** The scoring agreement report (issue 20 item 7; docs/decisions/0077). */
export { scoringAgreementRoutes } from './scoring-agreement-routes';
