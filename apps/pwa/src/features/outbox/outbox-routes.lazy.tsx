import { createLazyRoute } from '@tanstack/react-router';
import { OutboxPage } from './OutboxPage';

export const outboxLazyRoute = createLazyRoute('/empty/outbox')({ component: OutboxPage });
