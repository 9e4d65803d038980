import { z } from 'zod';
import { idOrZeroSchema, idSchema, numeric } from './ids';
import { plainText } from './plain-text';

/**
 * Registration fields administration (spec 002 §2.11, §3, §5; issue 13 item 5, docs/decisions/0052): a partner's
 * own input, select and textbox fields beside the default ones (partner_id 0), which cannot be deleted.
 */

export const REGISTRATION_FIELD_TYPES = ['input', 'select', 'textbox'] as const;
export type RegistrationFieldType = (typeof REGISTRATION_FIELD_TYPES)[number];
export const REGISTRATION_FIELD_TYPE_LABELS: Record<RegistrationFieldType, string> = {
  input: 'Input',
  select: 'Drop-down menu',
  textbox: 'Text box',
};
/** The most options one drop-down may offer, and the longest title or option. */
export const MAX_SELECT_OPTIONS = 100;
export const MAX_FIELD_TITLE = 255;

export const REGISTRATION_FIELD_MESSAGES = {
  titleRequired: 'A title is required',
  selectOptions: 'A drop-down menu requires at least 2 options',
  emptyValues: 'You have empty values',
  added: 'New Field has been added',
  deleted: 'Registration field successfully deleted',
  updated: 'Fields Successfully Updated',
  deleteFailed: 'Unable to delete Fields',
  updateFailed: 'Error Updating Fields',
  noPartners: 'No partners in system',
  defaultNotDeletable: 'A default field cannot be deleted.',
  fieldType: 'Please choose a field type.',
  unknownFields: 'Some of these fields do not belong to this partner.',
} as const;
const M = REGISTRATION_FIELD_MESSAGES;

/** The slug a title gives (spec 002 §5): lower case words joined by underscores, nothing else. */
export function slugOfTitle(title: string): string {
  // Accents come apart under NFKD and are dropped, so 'Niño' gives 'nino' rather than 'nin_o'.
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}

export const partnerFieldsParamsSchema = z.object({ partnerId: idOrZeroSchema() });
export const registrationFieldIdParamsSchema = z.object({ id: idSchema() });

export const adminRegistrationFieldSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string().nullable(),
  field_type: z.enum(REGISTRATION_FIELD_TYPES),
  active: z.boolean(),
  required: z.boolean(),
  partner_id: z.number().int(),
  answers: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AdminRegistrationField = z.infer<typeof adminRegistrationFieldSchema>;
export const registrationFieldsListSchema = z.object({ fields: z.array(adminRegistrationFieldSchema) });

const titleSchema = plainText(
  z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, { error: M.titleRequired })
    .max(MAX_FIELD_TITLE, { error: `The title must not be greater than ${MAX_FIELD_TITLE} characters.` }),
  'title',
);

/** POST api/registration-fields/{partnerId}/add-field (spec 002 §7); the slug is always derived on the server. */
export const addRegistrationFieldRequestSchema = z
  .object({
    field_type: z.enum(REGISTRATION_FIELD_TYPES, { error: M.fieldType }),
    field_title: titleSchema,
    field_slug: z.string().max(200).nullish(),
    answers: z
      .array(
        plainText(
          z
            .string({ error: M.emptyValues })
            .max(MAX_FIELD_TITLE, { error: `An option must not be greater than ${MAX_FIELD_TITLE} characters.` }),
          'option',
        ),
      )
      .max(MAX_SELECT_OPTIONS, { error: `A drop-down menu may have at most ${MAX_SELECT_OPTIONS} options.` })
      .default([]),
    /** Sent by the spec's client; the server uses the signed-in user instead. */
    user_id: z.nullish(numeric(z.number().int().min(0).max(2147483647))),
  })
  .superRefine((v, ctx) => {
    if (v.field_type !== 'select') return;
    if (v.answers.length < 2) ctx.addIssue({ code: 'custom', path: ['answers'], message: M.selectOptions });
    else if (v.answers.some((a) => a.trim() === '')) ctx.addIssue({ code: 'custom', path: ['answers'], message: M.emptyValues });
  });
export type AddRegistrationFieldRequest = z.infer<typeof addRegistrationFieldRequestSchema>;
export type AddRegistrationFieldValues = z.input<typeof addRegistrationFieldRequestSchema>;

export const removeRegistrationFieldRequestSchema = z.object({ user_id: z.nullish(numeric(z.number().int().min(0).max(2147483647))) });

/** POST api/registration-fields/update: the table's active and required toggles of one partner at once. */
export const updateRegistrationFieldsRequestSchema = z.object({
  partner_id: idOrZeroSchema(),
  fields: z
    .array(z.object({ id: idSchema(), active: z.boolean(), required: z.boolean() }))
    .min(1)
    .max(500),
});
export type UpdateRegistrationFieldsRequest = z.infer<typeof updateRegistrationFieldsRequestSchema>;
