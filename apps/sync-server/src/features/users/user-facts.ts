import type { Executor } from '../../db/database';

/** Approved role ids of a user at a partner (none without a partner). */
export async function approvedRolesAt(ex: Executor, userId: number, partnerId: number | null): Promise<number[]> {
  if (partnerId === null) return [];
  const rows = await ex
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('partner_id', '=', partnerId)
    .where('is_approved', '=', true)
    .execute();
  return rows.map((r) => r.role_id);
}

/** The user's profile time zone (an IANA name), or null when none is set. */
export async function timeZoneOf(ex: Executor, userId: number): Promise<string | null> {
  const row = await ex
    .selectFrom('users')
    .leftJoin('timezones', 'timezones.id', 'users.timezone_id')
    .select('timezones.short_name as zone')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.zone ?? null;
}

/** Whether the user is a client admin of the partner (client_admin_partners): one place for the check. */
export async function isClientAdminOf(ex: Executor, userId: number, partnerId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('client_admin_partners')
    .select('partner_id')
    .where('user_id', '=', userId)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return Boolean(row);
}
