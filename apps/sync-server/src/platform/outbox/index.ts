/** The public entry of platform/outbox: the demo outbox that mail and SMS write to, and its demo-only page's call. */
export { createOutboxRepository, type OutboxRepository } from './outbox.repository';
export { outboxRoutes } from './outbox.routes';
