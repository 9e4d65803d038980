/** Client admin requests (spec 002 §2.8; docs/decisions/0058): the pages and the profile's asking card. */
export { ClientAdminAccessCard } from './ClientAdminAccessCard';
export { clientAdminRequestsRoutes } from './client-admin-requests-routes';
