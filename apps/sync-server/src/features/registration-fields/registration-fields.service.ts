import {
  type AddRegistrationFieldRequest,
  type AdminRegistrationField,
  REGISTRATION_FIELD_MESSAGES as M,
  type RegistrationField,
  slugOfTitle,
  type UpdateRegistrationFieldsRequest,
} from '@simvisit/schema';
import { fieldError, HttpError, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { RegistrationFieldsRepository } from './registration-fields.repository';

/** The answer a select field refuses when it is none of its options (the applying form's words). */
const UNKNOWN_OPTION = 'Please choose one of the listed options.';

interface Deps {
  repo: RegistrationFieldsRepository;
  audit: AuditService;
}

/** A person's answers to the registration fields, as given in a form: `custom_fields` of applying and registering. */
export type GivenCustomValues = readonly { registration_field_id: number; value: string }[];

/**
 * Checks answers against the fields: required ones answered, a select's answer one of its options (stored by its
 * title), lengths bounded. Errors are keyed by the answer's place in `custom_fields`, so a form shows them
 * under the right control. Used by every form that creates an account with the partner's fields.
 */
export function checkCustomValues(fields: RegistrationField[], given: GivenCustomValues) {
  const errors: Record<string, string[]> = {};
  const values: { fieldId: number; value: string | null }[] = [];
  given.forEach((entry, index) => {
    if (!fields.some((f) => f.id === entry.registration_field_id))
      errors[`custom_fields.${index}.registration_field_id`] = [UNKNOWN_OPTION];
  });
  for (const field of fields) {
    const index = given.findIndex((g) => g.registration_field_id === field.id);
    const key = `custom_fields.${index === -1 ? field.id : index}.value`;
    let value: string | null = index === -1 ? null : (given[index]?.value.trim() ?? null);
    if (value === '') value = null;
    if (field.required && value === null) {
      errors[key] = [`The ${field.field_name} field is required.`];
      continue;
    }
    if (value !== null && field.field_type === 'select') {
      const match = field.answers.find((a) => String(a.id) === value || a.title === value);
      if (!match) {
        errors[key] = [UNKNOWN_OPTION];
        continue;
      }
      value = match.title;
    }
    if (value !== null && value.length > (field.field_type === 'textbox' ? 2000 : 255)) {
      errors[key] = ['The value is too long.'];
      continue;
    }
    values.push({ fieldId: field.id, value });
  }
  return { errors, values };
}

export function createRegistrationFieldsService({ repo, audit }: Deps) {
  const fieldType = (t: string) => t as AdminRegistrationField['field_type'];

  async function activeFor(partnerId: number | null): Promise<RegistrationField[]> {
    const fields = await repo.activeFor(partnerId ?? 0);
    const values = await repo.selectValues(fields.map((f) => f.id));
    return fields.map((f) => ({
      id: f.id,
      field_name: f.title,
      field_type: fieldType(f.field_type),
      required: f.required,
      partner_id: f.partner_id,
      answers: values.filter((v) => v.registration_field_id === f.id).map((v) => ({ id: v.id, title: v.title, short_name: v.short_name })),
    }));
  }

  function record(actor: Actor, action: string, partnerId: number | null, targetId: number | null, details: Record<string, unknown>) {
    return audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: partnerId,
      target_type: 'registration_field',
      target_id: targetId === null ? null : String(targetId),
      details,
    });
  }

  return {
    activeFor,
    /** The partner's active fields and a check of given answers against them (registration and applying). */
    async check(partnerId: number, given: GivenCustomValues) {
      return checkCustomValues(await activeFor(partnerId), given);
    },
    /** Options of a select field (GET api/registration-select-values/{field}). */
    async selectValues(fieldId: number) {
      const field = await repo.byId(fieldId);
      if (!field?.active || field.field_type !== 'select') return null;
      const values = await repo.selectValues([fieldId]);
      return values.map((v) => ({ id: v.id, title: v.title, short_name: v.short_name }));
    },

    /** The administration table of one partner (0: the default fields alone). */
    async list(partnerId: number): Promise<{ fields: AdminRegistrationField[] }> {
      if (partnerId !== 0 && !(await repo.partnerExists(partnerId))) throw notFound();
      const fields = await repo.allFor(partnerId);
      const values = await repo.selectValues(fields.map((f) => f.id));
      return {
        fields: fields.map((f) => ({
          id: f.id,
          title: f.title,
          slug: f.slug,
          field_type: fieldType(f.field_type),
          active: f.active,
          required: f.required,
          partner_id: f.partner_id,
          answers: values.filter((v) => v.registration_field_id === f.id).map((v) => ({ id: v.id, title: v.title })),
        })),
      };
    },

    async add(actor: Actor, partnerId: number, input: AddRegistrationFieldRequest): Promise<string> {
      if (partnerId !== 0 && !(await repo.partnerExists(partnerId))) throw notFound();
      const slug = slugOfTitle(input.field_title);
      if (slug === '') throw fieldError('field_title', M.titleRequired);
      const answers = input.field_type === 'select' ? input.answers.map((a) => a.trim()) : [];
      const id = await repo.add({ partnerId, title: input.field_title, slug, fieldType: input.field_type, answers, now: clock.now() });
      await record(actor, 'registration_fields.added', partnerId, id, { field_type: input.field_type, slug, options: answers.length });
      return M.added;
    },

    async remove(actor: Actor, id: number): Promise<string> {
      const field = await repo.byId(id);
      if (!field) throw notFound();
      if (field.partner_id === 0) throw new HttpError(403, M.defaultNotDeletable);
      if (!(await repo.remove(id))) throw notFound();
      await record(actor, 'registration_fields.removed', field.partner_id, id, { title: field.title });
      return M.deleted;
    },

    /** Only fields shown for that partner (its own and the defaults) may be toggled; otherwise nothing changes. */
    async update(actor: Actor, input: UpdateRegistrationFieldsRequest): Promise<string> {
      const shown = new Map((await repo.allFor(input.partner_id)).map((f) => [f.id, f]));
      const foreign = input.fields.some((f) => !shown.has(f.id));
      if (foreign) throw unprocessable(M.unknownFields, { fields: [M.unknownFields] });
      const changed = input.fields.filter((f) => {
        const row = shown.get(f.id)!;
        return row.active !== f.active || row.required !== f.required;
      });
      await repo.updateToggles(changed);
      await record(actor, 'registration_fields.updated', input.partner_id, null, {
        fields: changed.map((f) => ({ id: f.id, active: f.active, required: f.required })),
      });
      return M.updated;
    },
  };
}
export type RegistrationFieldsService = ReturnType<typeof createRegistrationFieldsService>;
