import { createLazyRoute } from '@tanstack/react-router';
import { OutboxPage } from '../features/outbox/OutboxPage';

export const outboxLazyRoute = createLazyRoute('/empty/outbox')({ component: OutboxPage });
