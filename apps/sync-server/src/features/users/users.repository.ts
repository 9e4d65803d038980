import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function createUsersRepository(db: Database) {
  return {
    byEmail: (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    byId: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),
    setPassword: (id: number, hash: string) =>
      db.updateTable('users').set({ password: hash, updated_at: new Date() }).where('id', '=', id).execute(),
    userRoles: (userId: number) =>
      db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['user_roles.role_id', 'user_roles.partner_id', 'user_roles.is_approved', 'user_roles.pay_rate', 'roles.name as role_name'])
        .where('user_roles.user_id', '=', userId)
        .orderBy('user_roles.partner_id')
        .orderBy('user_roles.role_id')
        .execute(),
    permissionNamesAt: (userId: number, partnerId: number) =>
      db
        .selectFrom('user_roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select('permissions.name')
        .distinct()
        .where('user_roles.user_id', '=', userId)
        .where('user_roles.partner_id', '=', partnerId)
        .where('user_roles.is_approved', '=', true)
        .execute(),
    allPermissionNames: () => db.selectFrom('permissions').select('name').orderBy('name').execute(),
    customData: (userId: number) =>
      db.selectFrom('user_custom_data').select(['registration_field_id', 'field_value']).where('user_id', '=', userId).execute(),
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
