import { type APIRequestContext, expect } from '@playwright/test';

/** One message of the demo outbox (GET /api/demo/outbox, demo mode only). */
export interface OutboxMessage {
  id: number | string;
  channel: 'mail' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  created_at: string;
}

/** Everything in the demo outbox, newest first as the server lists it. */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/api/demo/outbox');
  expect(response.ok(), `GET /api/demo/outbox answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

/** The ids already in the outbox, to tell the messages a step sends from older ones. */
export async function outboxIds(request: APIRequestContext): Promise<Set<OutboxMessage['id']>> {
  return new Set((await readOutbox(request)).map((m) => m.id));
}

export interface MailQuery {
  to: string;
  channel?: OutboxMessage['channel'];
  /** Messages with these ids (taken before the step) are ignored. */
  notIn?: Set<OutboxMessage['id']>;
  subject?: RegExp;
}

/** Waits (polling; mail goes out in the background) for a new message matching the query, and returns it. */
export async function waitForMessage(request: APIRequestContext, query: MailQuery, timeout = 10_000): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readOutbox(request);
        found = messages.find(
          (m) =>
            m.to.toLowerCase() === query.to.toLowerCase() &&
            m.channel === (query.channel ?? 'mail') &&
            !query.notIn?.has(m.id) &&
            (!query.subject || query.subject.test(m.subject ?? '')),
        );
        return found !== undefined;
      },
      { message: `a message to ${query.to} in the demo outbox`, timeout },
    )
    .toBe(true);
  return found!;
}

/** The first address in a message's text that matches the pattern. */
export function linkIn(text: string, pattern: RegExp): string {
  const match = text.match(pattern);
  expect(match, `no link matching ${pattern} in:\n${text}`).not.toBeNull();
  return match![0];
}
