/** Manage Passwords: the brand passcodes of every partner (decision 0059). */
export { brandPasswordsRoutes } from './brand-passwords-routes';
