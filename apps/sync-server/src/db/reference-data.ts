import { PERMISSIONS, ROLE, ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '@simvisit/schema';
import type { Database } from './database';

/**
 * Roles, permissions and their grants come from packages/schema (one place); they are upserted at every start
 * so the database and the code never disagree. Kept out of the migrations, which never import app code.
 */
export async function syncReferenceData(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [key, id] of Object.entries(ROLE)) {
      await trx
        .insertInto('roles')
        .values({ id, key, name: ROLE_NAMES[id as RoleId] })
        .onConflict((oc) => oc.column('id').doUpdateSet({ key, name: ROLE_NAMES[id as RoleId] }))
        .execute();
    }
    for (const name of PERMISSIONS) {
      await trx
        .insertInto('permissions')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    const permissionIds = new Map((await trx.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]));
    await trx.deleteFrom('role_permissions').execute();
    const grants = Object.entries(ROLE_PERMISSIONS).flatMap(([roleId, names]) =>
      names.map((name) => ({ role_id: Number(roleId), permission_id: permissionIds.get(name)! })),
    );
    if (grants.length) await trx.insertInto('role_permissions').values(grants).execute();
  });
}
