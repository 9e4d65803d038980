import type { Database } from '../../db/database';

export function createPushRepository(db: Database) {
  return {
    setting: async (key: string) =>
      (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null,
    /** Stores a setting unless one exists; returns the value that won (replicas may race at first start). */
    async settingOnce(key: string, value: string): Promise<string> {
      await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
    },
    save: (userId: number, s: { endpoint: string; p256dh: string; auth: string }) =>
      db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...s })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }))
        .execute(),
    remove: (userId: number, endpoint: string) =>
      db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute(),
    removeEndpoint: (endpoint: string) => db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute(),
    ofUser: (userId: number) => db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute(),
    wantsPush: async (userId: number) =>
      (await db.selectFrom('users').select('enable_push_notifications').where('id', '=', userId).executeTakeFirst())
        ?.enable_push_notifications ?? false,
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
