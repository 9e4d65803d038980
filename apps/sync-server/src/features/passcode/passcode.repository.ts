import type { Database } from '../../db/database';

export function createPasscodeRepository(db: Database) {
  return {
    approval: (userId: number, partnerId: number) =>
      db
        .selectFrom('partner_passcode_approvals')
        .select('passcode_hash')
        .where('user_id', '=', userId)
        .where('partner_id', '=', partnerId)
        .executeTakeFirst(),
    approve: (userId: number, partnerId: number, passcodeHash: string) =>
      db
        .insertInto('partner_passcode_approvals')
        .values({ user_id: userId, partner_id: partnerId, passcode_hash: passcodeHash })
        .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doUpdateSet({ passcode_hash: passcodeHash, approved_at: new Date() }))
        .execute(),
  };
}
export type PasscodeRepository = ReturnType<typeof createPasscodeRepository>;
