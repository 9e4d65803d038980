import type { ScenarioCard, ScenarioStatus } from '@simvisit/schema';

/** The columns a scenario card is made of (lists, dashboards, featured scenarios). */
export interface ScenarioCardRow {
  id: string | number;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
  status: number;
  credit_text: string | null;
  updated_at: Date | string;
}

/** A scenario as a card of spec 001 §2 (the dashboard lists and the learner's featured scenarios). */
export function scenarioCardOf(r: ScenarioCardRow): ScenarioCard {
  return {
    id: Number(r.id),
    title: r.title,
    patient_name: r.patient_name,
    patient_image: r.patient_image,
    status: r.status as ScenarioStatus,
    credit_text: r.credit_text,
    updated_at: (r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at)).toISOString(),
  };
}
