import type { Database } from '../../db/database';

export function createOutboxRepository(db: Database) {
  return {
    insert: (row: {
      channel: 'mail' | 'sms';
      recipient: string;
      subject: string | null;
      body_text: string;
      body_html: string | null;
      /** JSON text of [{filename, content_type, content}] */
      attachments?: string;
    }) => db.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow(),
    markSent: (id: number) => db.updateTable('outbox').set({ sent_at: new Date(), error: null }).where('id', '=', id).execute(),
    markFailed: (id: number, error: string) => db.updateTable('outbox').set({ error }).where('id', '=', id).execute(),
    latest: (limit: number) => db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute(),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
