import { MOBILE_CODE_MAX_ATTEMPTS } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface StoredCode {
  user_id: number;
  mobile_number: string;
  code_hash: string;
  salt: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
}

export function createMobileVerificationRepository(db: Database) {
  return {
    /** Replaces the user's code (a new code always spends the old one). */
    saveCode: (row: { user_id: number; mobile_number: string; code_hash: string; salt: string; expires_at: Date }) =>
      db
        .insertInto('mobile_verification_codes')
        .values({ ...row, attempts: 0, created_at: new Date() })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            mobile_number: row.mobile_number,
            code_hash: row.code_hash,
            salt: row.salt,
            expires_at: row.expires_at,
            attempts: 0,
            created_at: new Date(),
          }),
        )
        .execute(),
    findCode: (userId: number): Promise<StoredCode | undefined> =>
      db.selectFrom('mobile_verification_codes').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /**
     * Counts one try atomically, so parallel guesses cannot go past the limit; undefined when the code is
     * gone or already spent.
     */
    countAttempt: (userId: number): Promise<StoredCode | undefined> =>
      db
        .updateTable('mobile_verification_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('user_id', '=', userId)
        .where('attempts', '<', MOBILE_CODE_MAX_ATTEMPTS)
        .returningAll()
        .executeTakeFirst(),
    deleteCode: (userId: number) => db.deleteFrom('mobile_verification_codes').where('user_id', '=', userId).execute(),
    /** Deletes the code only if it is still the one that was checked (single use under concurrency). */
    consumeCode: async (userId: number, codeHash: string): Promise<boolean> => {
      const row = await db
        .deleteFrom('mobile_verification_codes')
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .returning('user_id')
        .executeTakeFirst();
      return !!row;
    },
    setNumber: (userId: number, mobileNumber: string) =>
      db
        .updateTable('users')
        .set({ mobile_number: mobileNumber, mobile_verified_at: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute(),
    markVerified: (userId: number, at: Date) =>
      db.updateTable('users').set({ mobile_verified_at: at, updated_at: new Date() }).where('id', '=', userId).execute(),
    setSms: (userId: number, changes: { enable_sms_notifications: boolean; mobile_number?: string; reset_verified?: boolean }) =>
      db
        .updateTable('users')
        .set({
          enable_sms_notifications: changes.enable_sms_notifications,
          ...(changes.mobile_number !== undefined ? { mobile_number: changes.mobile_number } : {}),
          ...(changes.reset_verified ? { mobile_verified_at: null } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute(),
  };
}
export type MobileVerificationRepository = ReturnType<typeof createMobileVerificationRepository>;
