/** Applying for a role: the application and its email confirmation, as routes. */
export { applyingRoutes } from './applying-routes';
/** Shared with the learner registration (decision 0051): the confirmation page. */
export { ConfirmEmailPage, type ConfirmEmailPageProps } from './ConfirmEmailPage';
