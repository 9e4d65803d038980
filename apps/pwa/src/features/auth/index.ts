/** The sign-in pages (login, forgot and reset password, passcode) as routes. */

/** The branded card of the signed-out pages, for other features' pages of the same kind (the application). */
export { AuthCard } from './AuthCard';
export { authRoutes } from './auth-routes';
