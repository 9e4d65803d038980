/** The demo outbox page (decision 0032). */
export { outboxRoutes } from './outbox-routes';
