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
  fee?: string | number | null;
  session_duration?: string | number | null;
}

/** A whole number of minutes, or null when the document holds none (an untouched draft). */
function minutes(value: string | number | null | undefined): number | null {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(n) ? n : null;
}

/**
 * A scenario as a card of spec 001 §2 (the dashboard lists and the learner's featured scenarios), with its
 * length and, when the caller's view has the fee (decision 0045: never a trainer), the fee (null: free).
 */
export function scenarioCardOf(r: ScenarioCardRow, options: { fee: boolean } = { fee: false }): ScenarioCard {
  return {
    id: Number(r.id),
    title: r.title,
    patient_name: r.patient_name,
    patient_image: r.patient_image,
    status: r.status as ScenarioStatus,
    credit_text: r.credit_text,
    updated_at: (r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at)).toISOString(),
    session_duration: minutes(r.session_duration),
    ...(options.fee ? { fee: r.fee === null || r.fee === undefined ? null : Number(r.fee) } : {}),
  };
}
