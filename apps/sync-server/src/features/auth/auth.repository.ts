import type { Database } from '../../db/database';

export function createAuthRepository(db: Database) {
  return {
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
