import { EventEmitter } from 'node:events';
import type { DatabaseHandle } from '../db/database';

/** Not a table name (the trigger sends table names): stands for "anything may have changed". */
const EVERY_TABLE = '*';

/**
 * Table changes of the whole database, from PostgreSQL NOTIFY (sent by the sync_stamp trigger). Every server
 * process listens on its own connection, so a write through any process reaches the SSE clients of all.
 */
export class ChangeFeed extends EventEmitter {
  private stop: (() => Promise<void>) | null = null;

  async start(handle: DatabaseHandle): Promise<void> {
    this.setMaxListeners(0);
    this.stop = await handle.listen(
      'sync',
      (table) => this.emit('change', table),
      // Changes made while the connection was away were never notified: every stream re-pulls.
      () => this.emit('change', EVERY_TABLE),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
    this.removeAllListeners();
  }

  /** Calls back on every change of one table; returns the unsubscribe function. */
  onTable(table: string, callback: () => void): () => void {
    const listener = (changed: string) => {
      if (changed === table || changed === EVERY_TABLE) callback();
    };
    this.on('change', listener);
    return () => this.off('change', listener);
  }
}
