import type { Database } from '../../db/database';

export function createRegistrationFieldsRepository(db: Database) {
  return {
    /** Active fields of the default set (partner 0) and of one partner. */
    activeFor: (partnerId: number) =>
      db
        .selectFrom('registration_fields')
        .selectAll()
        .where('active', '=', true)
        .where('partner_id', 'in', [0, partnerId])
        .orderBy('position')
        .orderBy('id')
        .execute(),
    selectValues: (fieldIds: number[]) =>
      fieldIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('registration_select_values')
            .selectAll()
            .where('registration_field_id', 'in', fieldIds)
            .orderBy('position')
            .orderBy('id')
            .execute(),
    byId: (id: number) => db.selectFrom('registration_fields').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}
export type RegistrationFieldsRepository = ReturnType<typeof createRegistrationFieldsRepository>;
