/** The Pre-Approved Email Import (spec 002 §2.17; docs/decisions/0054). */
export { preApprovedEmailsRoutes } from './pre-approved-emails-routes';
