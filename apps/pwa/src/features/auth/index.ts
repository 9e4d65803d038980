/** The sign-in pages (login, forgot and reset password, passcode) as routes. */
export { authRoutes } from './auth-routes';
