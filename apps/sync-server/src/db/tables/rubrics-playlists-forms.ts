import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from '../columns';

/* Rubrics and questions (issue 4), merged into DB by interface declaration merging. */
export interface RubricsTable {
  id: Generated<number>;
  name: string;
  learner_instructions: string | null;
  scorer_instructions: string | null;
  display_type: Generated<number>;
  is_published: Generated<boolean>;
  creator_user_id: number;
  partner_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
export interface QuestionsTable {
  id: Generated<number>;
  question: string;
  short_description: string | null;
  question_type_id: number;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: NullableTimestamp;
}
export interface QuestionAnswersTable {
  id: Generated<number>;
  question_id: number;
  answer: string;
  position: number;
}
export interface RubricQuestionsTable {
  rubric_id: number;
  question_id: number;
  position: number;
}
export type RubricRow = Selectable<RubricsTable>;
export type QuestionRow = Selectable<QuestionsTable>;

/* Playlists (spec 001 §3). */
export interface PlaylistsTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number | null;
  name: string;
  description: string | null;
  public: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface PlaylistScenariosTable {
  id: Generated<number>;
  playlist_id: number;
  scenario_id: string;
  position: number;
  /** the owner's progress (spec 001 §4); null until the visit issue fills it */
  status: number | null;
  visit_id: number | null;
  created_at: Generated<Date>;
}
export type PlaylistRow = Selectable<PlaylistsTable>;

/* Scenario forms (scorecard, feedback form, participant feedback), merged into DB by declaration merging. */
export interface ScenarioFormsTable {
  id: Generated<number>;
  scenario_id: string;
  kind: 'scorecard' | 'feedback-form' | 'participant-feedback';
  instructions: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ScenarioFormItemsTable {
  id: Generated<number>;
  form_id: number;
  question_id: number | null;
  rubric_id: number | null;
  position: number;
  created_at: Generated<Date>;
}
/** These tables as kysely's DB has them (db/types.ts). */
export interface RubricPlaylistFormTables {
  rubrics: RubricsTable;
  questions: QuestionsTable;
  question_answers: QuestionAnswersTable;
  rubric_questions: RubricQuestionsTable;
  playlists: PlaylistsTable;
  playlist_scenarios: PlaylistScenariosTable;
  scenario_forms: ScenarioFormsTable;
  scenario_form_items: ScenarioFormItemsTable;
}
