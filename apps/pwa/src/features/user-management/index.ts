/** The user management pages (decision 0012). */
export { userManagementRoutes } from './user-management-routes';
