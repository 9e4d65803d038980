import type { RegistrationField } from '@simvisit/schema';
import type { RegistrationFieldsRepository } from './registration-fields.repository';

export function createRegistrationFieldsService(repo: RegistrationFieldsRepository) {
  return {
    async activeFor(partnerId: number | null): Promise<RegistrationField[]> {
      const fields = await repo.activeFor(partnerId ?? 0);
      const values = await repo.selectValues(fields.map((f) => f.id));
      return fields.map((f) => ({
        id: f.id,
        field_name: f.title,
        field_type: f.field_type as RegistrationField['field_type'],
        required: f.required,
        partner_id: f.partner_id,
        answers: values
          .filter((v) => v.registration_field_id === f.id)
          .map((v) => ({ id: v.id, title: v.title, short_name: v.short_name })),
      }));
    },
    /** Options of a select field (GET api/registration-select-values/{field}). */
    async selectValues(fieldId: number) {
      const field = await repo.byId(fieldId);
      if (!field?.active || field.field_type !== 'select') return null;
      const values = await repo.selectValues([fieldId]);
      return values.map((v) => ({ id: v.id, title: v.title, short_name: v.short_name }));
    },
  };
}
export type RegistrationFieldsService = ReturnType<typeof createRegistrationFieldsService>;
