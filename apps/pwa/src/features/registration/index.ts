/** A learner's own registration at a partner and its email confirmation, as routes (decision 0051). */

export { RegistrationConfirmationNotice, useRegistrationPending } from './RegistrationConfirmationNotice';
export { registrationRoutes } from './registration-routes';
