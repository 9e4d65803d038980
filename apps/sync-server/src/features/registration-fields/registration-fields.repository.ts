import type { Database } from '../../db/database';

export interface NewRegistrationField {
  partnerId: number;
  title: string;
  slug: string;
  fieldType: 'input' | 'select' | 'textbox';
  answers: string[];
  now: Date;
}

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
    /** Every field shown for one partner in the administration table, active or not: the defaults first. */
    allFor: (partnerId: number) =>
      db
        .selectFrom('registration_fields')
        .selectAll()
        .where('partner_id', 'in', [0, partnerId])
        .orderBy('partner_id')
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
    partnerExists: async (partnerId: number) =>
      (await db.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst()) !== undefined,

    /** The field after the partner's last one, with its options in the order given, in one transaction. */
    add: (f: NewRegistrationField) =>
      db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('registration_fields')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('partner_id', 'in', [0, f.partnerId])
          .executeTakeFirst();
        const field = await trx
          .insertInto('registration_fields')
          .values({
            title: f.title,
            slug: f.slug,
            field_type: f.fieldType,
            active: true,
            required: false,
            partner_id: f.partnerId,
            position: Number(last?.position ?? 0) + 1,
            created_at: f.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (f.answers.length > 0) {
          await trx
            .insertInto('registration_select_values')
            .values(f.answers.map((title, position) => ({ registration_field_id: field.id, title, short_name: null, position })))
            .execute();
        }
        return field.id;
      }),

    /**
     * Deletes a partner's own field with its options and every user's answer to it, in one transaction; a
     * default field (partner 0) is never touched, whatever the caller checked before.
     */
    remove: (id: number) =>
      db.transaction().execute(async (trx) => {
        const field = await trx
          .selectFrom('registration_fields')
          .select(['id', 'partner_id'])
          .where('id', '=', id)
          .where('partner_id', '<>', 0)
          .forUpdate()
          .executeTakeFirst();
        if (!field) return false;
        await trx.deleteFrom('user_custom_data').where('registration_field_id', '=', id).execute();
        await trx.deleteFrom('registration_select_values').where('registration_field_id', '=', id).execute();
        await trx.deleteFrom('registration_fields').where('id', '=', id).execute();
        return true;
      }),

    /** The toggles of fields already checked to be shown for the partner, in one transaction. */
    updateToggles: (fields: readonly { id: number; active: boolean; required: boolean }[]) =>
      db.transaction().execute(async (trx) => {
        for (const f of fields) {
          await trx.updateTable('registration_fields').set({ active: f.active, required: f.required }).where('id', '=', f.id).execute();
        }
      }),
  };
}
export type RegistrationFieldsRepository = ReturnType<typeof createRegistrationFieldsRepository>;
