/** The dashboard page and its view buttons in the sub-header (decision 0005). */
export { dashboardRoutes } from './dashboard-routes';
