import type { Database } from '../../db/database';

export function createAuthRepository(db: Database) {
  return {
    insertReset: (userId: number, tokenHash: string, expiresAt: Date) =>
      db.insertInto('password_resets').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute(),
    /** The unused, unexpired reset of this token for this user, if any. */
    liveReset: (userId: number, tokenHash: string, now: Date) =>
      db
        .selectFrom('password_resets')
        .select('id')
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    /** Marks every reset of the user used, so no older link works either. */
    consumeResets: (userId: number, now: Date) =>
      db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute(),
    insertToken: (userId: number, tokenHash: string, expiresAt: Date) =>
      db.insertInto('personal_access_tokens').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute(),
    tokenUser: (tokenHash: string, now: Date) =>
      db
        .selectFrom('personal_access_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
