import { ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { insertAuditEntry } from '../../platform/audit';

/** An audit entry as the audit platform writes it. */
type AuditEntry = Parameters<typeof insertAuditEntry>[1];

const COLUMNS = [
  'id',
  'slug',
  'short_name',
  'long_name',
  'enable_password',
  'password',
  'rotate_password',
  'rotation_frequency',
  'rotation_end_date',
  'password_rotated_at',
] as const;

export interface PasswordSettings {
  enable_password: boolean;
  password: string | null;
  rotate_password: boolean;
  rotation_frequency: number | null;
  rotation_end_date: string | null;
}

/** Every query of brand passcodes: the partners' settings, their change with its audit entry, rotation, client admins. */
export function createBrandPasswordsRepository(db: Database) {
  return {
    all: () => db.selectFrom('partners').select(COLUMNS).orderBy('long_name').orderBy('id').execute(),
    byId: (id: number) => db.selectFrom('partners').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** Saves the settings and their audit entry in one transaction; `changedAt` is set when the passcode changed. */
    save: (id: number, settings: PasswordSettings, changedAt: Date | null, audit: AuditEntry) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('partners')
          .set({ ...settings, ...(changedAt ? { password_rotated_at: changedAt } : {}), updated_at: new Date() })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst();
        if (row) await insertAuditEntry(trx, audit);
        return row;
      }),

    /** Partners whose passcode rotates and whose end date (a UTC day, inclusive) is not passed. */
    rotating: (today: string) =>
      db
        .selectFrom('partners')
        .select(COLUMNS)
        .where('enable_password', '=', true)
        .where('rotate_password', '=', true)
        .where('rotation_end_date', '>=', today)
        .orderBy('id')
        .execute(),

    /**
     * Replaces the passcode only if nobody did since it was read (compare and swap on password_rotated_at, at the
     * millisecond precision a JS Date holds), with its audit entry; false when another runner or a save was first.
     */
    rotate: (id: number, seenRotatedAt: Date | null, password: string, at: Date, audit: AuditEntry) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('partners')
          .set({ password, password_rotated_at: at, updated_at: new Date() })
          .where('id', '=', id)
          .where('enable_password', '=', true)
          .where('rotate_password', '=', true)
          .where(sql<boolean>`date_trunc('milliseconds', password_rotated_at) IS NOT DISTINCT FROM ${seenRotatedAt}::timestamptz`)
          .returning('id')
          .executeTakeFirst();
        if (row) await insertAuditEntry(trx, audit);
        return Boolean(row);
      }),

    /** The partner's client admins: administering it (client_admin_partners) and holding the approved role there. */
    clientAdmins: (partnerId: number) =>
      db
        .selectFrom('users')
        .innerJoin('client_admin_partners as cap', 'cap.user_id', 'users.id')
        .innerJoin('user_roles as ur', (join) => join.onRef('ur.user_id', '=', 'users.id').onRef('ur.partner_id', '=', 'cap.partner_id'))
        .select(['users.id', 'users.email', 'users.first_name'])
        .where('cap.partner_id', '=', partnerId)
        .where('ur.role_id', '=', ROLE.client_admin)
        .where('ur.is_approved', '=', true)
        .where('users.deleted_at', 'is', null)
        .distinct()
        .orderBy('users.id')
        .execute(),
  };
}
export type BrandPasswordsRepository = ReturnType<typeof createBrandPasswordsRepository>;
export type BrandPasswordRow = NonNullable<Awaited<ReturnType<BrandPasswordsRepository['byId']>>>;
