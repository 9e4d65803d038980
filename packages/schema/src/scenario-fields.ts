import { z } from 'zod/mini';
import { numeric } from './ids';
import { MONEY_MAX } from './money';
import { SCENARIO_MESSAGES as M, SCENARIO_LINE_MAX, SCENARIO_TEXT_MAX, TAG_MAX, TAGS_MAX } from './scenarios';

/**
 * The scenario's own fields (spec 001 §2) that the author edits: the Overview group. Labels are the product's
 * words; `required` marks the red asterisk.
 */
export const SCENARIO_CORE_FIELDS = [
  { key: 'patient_image', label: 'Patient Image', required: true, kind: 'image' },
  { key: 'title', label: 'Title', required: true, kind: 'line' },
  { key: 'patient_name', label: 'Patient Name', required: true, kind: 'line' },
  { key: 'televisit', label: 'Televisit', required: false, kind: 'yesno' },
  { key: 'objective', label: 'Objective', required: true, kind: 'text' },
  { key: 'target_audience', label: 'Target Audience', required: true, kind: 'text' },
  { key: 'summary', label: 'Summary', required: true, kind: 'text' },
  { key: 'session_duration', label: 'Session Duration', required: true, kind: 'duration' },
  { key: 'funding_text', label: 'Funding Text', required: false, kind: 'text' },
  { key: 'accreditation_Id', label: 'Accreditation Id', required: false, kind: 'line' },
  { key: 'giftcard_amount', label: 'Gift Card Amount', required: false, kind: 'money' },
  { key: 'giftcard_campaign_id', label: 'Gift Card Campaign', required: false, kind: 'campaign' },
  { key: 'enable_giftcard', label: 'Enable Gift Card', required: false, kind: 'yesno' },
  { key: 'tags', label: 'Tags', required: false, kind: 'tags' },
] as const;
export type ScenarioCoreField = (typeof SCENARIO_CORE_FIELDS)[number]['key'];
export const SCENARIO_CORE_FIELD_KEYS = SCENARIO_CORE_FIELDS.map((f) => f.key) as ScenarioCoreField[];
/** Needed to submit for review (spec 001 §4, §5). */
export const SUBMIT_REQUIRED_FIELDS = ['patient_name', 'objective', 'target_audience'] as const;

/** Field types of the scenario's grouped fields: 1 seen by the SP, 2 seen by the learner (spec 001 §7). */
export const SCENARIO_FIELD_TYPE = { sp: 1, learner: 2 } as const;
export interface ScenarioFieldDefinition {
  id: number;
  label: string;
  type: 1 | 2;
}
export interface ScenarioFieldGroup {
  label: string;
  fields: readonly ScenarioFieldDefinition[];
}
/**
 * The grouped fields after Overview. Field ids are part of the API (`fields/{fieldId}`); the learner brief (1)
 * is what the share page shows, verbal feedback (20) is what print-feedback prints.
 */
export const SCENARIO_FIELD_GROUPS: readonly ScenarioFieldGroup[] = [
  {
    label: 'Learner Brief',
    fields: [
      { id: 1, label: 'Learner Brief', type: 2 },
      { id: 2, label: 'Learner Tasks', type: 2 },
    ],
  },
  {
    label: 'Patient Background',
    fields: [
      { id: 3, label: 'Chief Complaint', type: 1 },
      { id: 4, label: 'History of Present Illness', type: 1 },
      { id: 5, label: 'Past Medical History', type: 1 },
      { id: 6, label: 'Medications and Allergies', type: 1 },
      { id: 7, label: 'Family and Social History', type: 1 },
    ],
  },
  {
    label: 'SP Portrayal',
    fields: [
      { id: 8, label: 'Opening Statement', type: 1 },
      { id: 9, label: 'Affect and Behavior', type: 1 },
      { id: 10, label: 'Physical Findings', type: 1 },
      { id: 11, label: 'Questions for the Learner', type: 1 },
      { id: 12, label: 'Wardrobe and Setting', type: 1 },
    ],
  },
  { label: 'Verbal Feedback', fields: [{ id: 20, label: 'Verbal Feedback', type: 1 }] },
];
export const SCENARIO_FIELD_IDS: readonly number[] = SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields.map((f) => f.id));
export const LEARNER_BRIEF_FIELD_ID = 1;
export const VERBAL_FEEDBACK_FIELD_ID = 20;

/** Comment keys: a core field key or `field_{id}` of a grouped field. */
export const COMMENT_FIELD_KEYS: readonly string[] = [...SCENARIO_CORE_FIELD_KEYS, ...SCENARIO_FIELD_IDS.map((id) => `field_${id}`)];
export function commentFieldLabel(key: string): string {
  const core = SCENARIO_CORE_FIELDS.find((f) => f.key === key);
  if (core) return core.label;
  const id = Number(key.replace('field_', ''));
  for (const g of SCENARIO_FIELD_GROUPS) for (const f of g.fields) if (f.id === id) return f.label;
  return key;
}

const line = (max = SCENARIO_LINE_MAX) => z.string().check(z.maxLength(max, { error: M.tooLong }));
const text = () => z.string().check(z.maxLength(SCENARIO_TEXT_MAX, { error: M.tooLong }));
const yesNo = z.union([z.literal(0), z.literal(1)], { error: M.yesNoInvalid });
/** Money fields: a number of at least 1 (spec 001 §5). */
export const moneySchema = numeric(
  z
    .number({ error: M.moneyMin })
    .check(z.gte(1, { error: M.moneyMin }))
    .check(z.refine((n) => n <= MONEY_MAX, { error: M.moneyMax })),
);
const duration = z.union([z.literal(30), z.literal(60)], { error: M.durationInvalid });
const tags = z
  .array(
    z
      .string()
      .check(z.trim())
      .check(z.minLength(1))
      .check(z.maxLength(TAG_MAX, { error: M.tooLong })),
  )
  .check(z.maxLength(TAGS_MAX, { error: M.tooLong }));

/** The editable core fields with their rules; a value may be empty (null) until the scenario is submitted. */
export const scenarioCoreFieldSchemas = {
  patient_image: z.nullable(line(500)),
  title: z.nullable(line()),
  patient_name: z.nullable(line()),
  televisit: yesNo,
  objective: z.nullable(text()),
  target_audience: z.nullable(text()),
  summary: z.nullable(text()),
  session_duration: z.nullable(duration),
  funding_text: z.nullable(text()),
  accreditation_Id: z.nullable(line()),
  giftcard_amount: z.nullable(moneySchema),
  giftcard_campaign_id: z.nullable(line()),
  enable_giftcard: yesNo,
  tags,
} satisfies Record<ScenarioCoreField, z.core.$ZodType>;
