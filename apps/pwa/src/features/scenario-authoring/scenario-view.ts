import {
  canCommentScenario,
  canEditScenario,
  SCENARIO_CORE_FIELDS,
  type ScenarioAbilities,
  type ScenarioActor,
  type ScenarioCoreField,
  type ScenarioDetail,
  type ScenarioFacts,
  type ScenarioStatus,
  scenarioDashboardKind,
} from '@simvisit/schema';
import type { Session } from '../../platform/session';
import type { ScenarioRow } from '../../platform/sync';
import type { LocalScenario } from './local-scenario';
import type { LoadedScenario } from './scenario-api';

/**
 * What the authoring page shows and offers, from two sources: the scenario in the offline store (live,
 * editable without a network) and GET api/scenario/{id} (abilities, people, distribution; saved on the device
 * for reading offline). See docs/decisions/0023.
 */

export type CoreValues = Record<ScenarioCoreField, unknown>;

export interface ScenarioComment {
  id: string;
  field: string;
  content: string;
  created_at: string;
  user: { id: number; name: string; image: string | null };
  /** written on this device and not yet acknowledged by the server */
  local: boolean;
}

/**
 * 'local': fields read from and write to the offline store; 'online': written with the REST calls (a super
 * admin's live edit, or before the store has the scenario); 'readonly'.
 */
export type WriteMode = 'local' | 'online' | 'readonly';

export interface ScenarioView {
  id: number;
  status: ScenarioStatus;
  values: CoreValues;
  fieldValues: ReadonlyMap<number, string>;
  comments: readonly ScenarioComment[];
  editMode: WriteMode;
  commentMode: WriteMode;
  /** the server's answer; null when it could not be loaded and the device has none */
  detail: ScenarioDetail | null;
  abilities: ScenarioAbilities | null;
  /** the detail shown is the copy saved on this device (the server could not be reached) */
  fromDevice: boolean;
  /** only a trainer role hides the comment bubbles (spec 001 §2) */
  showBubbles: boolean;
}

export function actorOf(session: Session): ScenarioActor {
  return {
    userId: session.user.id,
    partnerId: session.partner?.id ?? null,
    permissions: session.permissions,
    superAdmin: session.user.super_admin === 1,
  };
}

function factsOfDoc(doc: ScenarioRow, detail: ScenarioDetail | null): ScenarioFacts {
  return {
    status: doc.status,
    author_user_id: doc.author_user_id,
    reviewer_user_id: doc.reviewer_user_id,
    trainer_user_id: detail?.trainer_user_id ?? null,
    live_edit: doc.live_edit,
    is_sim: detail?.is_sim ?? 0,
    partner_ids: [],
  };
}

function factsOfDetail(detail: ScenarioDetail): ScenarioFacts {
  return {
    status: detail.status,
    author_user_id: detail.author_user_id,
    reviewer_user_id: detail.reviewer_user_id,
    trainer_user_id: detail.trainer_user_id,
    live_edit: detail.live_edit,
    is_sim: detail.is_sim,
    partner_ids: (detail.scenario_partners ?? detail.partners ?? []).map((p) => p.partner_id),
  };
}

function valuesOfDetail(detail: ScenarioDetail): CoreValues {
  const values = {} as CoreValues;
  for (const f of SCENARIO_CORE_FIELDS) values[f.key] = detail[f.key as keyof ScenarioDetail] ?? null;
  values.tags = detail.tags.map((t) => t.name);
  return values;
}

function valuesOfDoc(doc: ScenarioRow): CoreValues {
  const values = {} as CoreValues;
  for (const f of SCENARIO_CORE_FIELDS) values[f.key] = doc[f.key];
  return values;
}

/** The comments of both sources, each once, oldest first. */
function mergeComments(local: LocalScenario, detail: ScenarioDetail | null): ScenarioComment[] {
  const byId = new Map<string, ScenarioComment>();
  for (const c of detail?.comments ?? []) byId.set(c.id, { ...c, local: false });
  for (const c of local.comments) {
    byId.set(c.id, {
      id: c.id,
      field: c.field,
      content: c.content,
      created_at: c.created_at,
      user: { id: c.user_id, name: c.user_name, image: c.user_image },
      local: local.pendingCommentIds.has(c.id),
    });
  }
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export function scenarioView(id: number, session: Session, local: LocalScenario, loaded: LoadedScenario | undefined): ScenarioView | null {
  const doc = local.doc;
  const detail = loaded?.scenario ?? null;
  if (!doc && !detail) return null;
  const actor = actorOf(session);
  const fresh = detail && !loaded?.fromDevice ? detail : null;

  // The stricter of the two sources wins while one of them lags behind a status change.
  const editLocally = !!doc && canEditScenario(actor, factsOfDoc(doc, detail)) && (!fresh || canEditScenario(actor, factsOfDetail(fresh)));
  const editMode: WriteMode = editLocally ? 'local' : !doc && fresh?.abilities.can_edit ? 'online' : 'readonly';
  const commentLocally =
    !!doc && canCommentScenario(actor, factsOfDoc(doc, detail)) && (!fresh || canCommentScenario(actor, factsOfDetail(fresh)));
  const commentMode: WriteMode = commentLocally ? 'local' : !doc && fresh?.abilities.can_comment ? 'online' : 'readonly';

  const fieldValues = new Map<number, string>();
  for (const f of detail?.fields ?? []) fieldValues.set(f.scenario_field_id, f.value);
  // The device's values are live (replication, this person's edits) and win over the loaded answer.
  if (doc) for (const v of local.values) fieldValues.set(v.field_id, v.value);

  const comments = mergeComments(local, detail);
  return {
    id,
    status: doc?.status ?? (detail as ScenarioDetail).status,
    values: doc ? valuesOfDoc(doc) : valuesOfDetail(detail as ScenarioDetail),
    fieldValues,
    comments,
    editMode,
    commentMode,
    detail,
    abilities: detail?.abilities ?? null,
    fromDevice: !!loaded?.fromDevice,
    showBubbles: scenarioDashboardKind(session.permissions) !== 'trainer',
  };
}

/** The required core fields that are empty (a red asterisk each, spec 001 §2). */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
