/** Applying for a role: the application and its email confirmation, as routes. */
export { applyingRoutes } from './applying-routes';
/** Shared with the learner registration (decision 0051): the confirmation page and a registration field's control. */
export { ConfirmEmailPage, type ConfirmEmailPageProps } from './ConfirmEmailPage';
export { RegistrationInput } from './RegistrationInput';
