import { defineModule } from '../../module';
import { outboxRoutes } from './outbox.routes';

/** The public entry of platform/outbox: the demo outbox that mail and SMS write to, and its demo-only page's call. */
export { createOutboxRepository, type OutboxRepository } from './outbox.repository';
export { outboxRoutes } from './outbox.routes';

/** The demo outbox's routes (served only in demo mode); the mail and SMS modules write the outbox. */
export const outboxModule = defineModule({ name: 'outbox', routes: outboxRoutes });
