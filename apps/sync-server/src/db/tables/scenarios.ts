import type { Generated } from 'kysely';
import type { Numeric, SyncColumns, Timestamp } from '../columns';

/* Scenarios with their replicated drafts, field values and comments, distribution and people. */
export interface ScenariosTable extends SyncColumns {
  id: Generated<string>;
  status: number;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  author_user_id: number;
  reviewer_user_id: number | null;
  trainer_user_id: number | null;
  live_edit: Generated<boolean>;
  partner_id: number | null;
  is_sim: Generated<number>;
  fee: Numeric;
  credit_text: string | null;
  is_scorecard_enabled: Generated<number>;
  is_feedback_form_enabled: Generated<number>;
  is_participant_feedback_enabled: Generated<number>;
  scorecard_display_type_id: Generated<number>;
  cloned_from: string | null;
}
export interface ScenarioFieldValuesTable extends SyncColumns {
  id: string;
  scenario_id: string;
  field_id: number;
  value: string;
}
export interface ScenarioCommentsTable extends SyncColumns {
  id: string;
  scenario_id: string;
  user_id: number;
  field: string;
  content: string;
}
export interface ScenarioPartnersTable {
  id: Generated<number>;
  scenario_id: string;
  partner_id: number;
  featured: number;
  job_number: string;
  created_at: Generated<Timestamp>;
}
export interface ScenarioUsersTable {
  id: Generated<number>;
  scenario_id: string;
  user_id: number;
  role_id: number;
  created_at: Generated<Timestamp>;
}
export interface PatientImagesTable {
  id: Generated<number>;
  name: string;
  location: string;
}
export interface GiftcardCampaignsTable {
  campaign_id: string;
  campaign_name: string;
}

/** These tables as kysely's DB has them (db/types.ts). */
export interface ScenarioTables {
  scenarios: ScenariosTable;
  scenario_field_values: ScenarioFieldValuesTable;
  scenario_comments: ScenarioCommentsTable;
  scenario_partners: ScenarioPartnersTable;
  scenario_users: ScenarioUsersTable;
  patient_images: PatientImagesTable;
  giftcard_campaigns: GiftcardCampaignsTable;
}
