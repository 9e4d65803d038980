import {
  canCommentScenario,
  canEditScenario,
  fieldValueDocId,
  fullName,
  SCENARIO_MESSAGES as M,
  REPLICATED,
  SCENARIO_CORE_FIELD_KEYS,
  SCENARIO_SERVER_KEYS,
  SCENARIO_STATUS,
  type ScenarioCommentDoc,
  type ScenarioDoc,
  type ScenarioFactsRow,
  type ScenarioFieldValueDoc,
  scenarioActor,
} from '@simvisit/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../platform/actor';
import { ForbiddenWrite, personKey, type SyncAudience, type SyncCollection } from '../../sync/sync-collection';
import { loadScenarioFacts } from '../scenario-facts';

/*
 * Offline drafting (issue 4, DESIGN.md §5): a scenario's own fields, its grouped field values and its comments
 * replicate to the devices of its author and its reviewer. Creating, status changes, taking, deleting and
 * everything the side panel configures are online calls; a pushed document may only change what the person
 * could change with the page at that moment, judged on the stored scenario inside the push's transaction
 * (the scenario row is locked, so a status change and an offline edit are ordered one way or the other).
 */

/** Rows of scenarios the actor authors or reviews. */
const mine = (actor: Actor) => sql<boolean>`(author_user_id = ${actor.user.id} OR reviewer_user_id = ${actor.user.id})`;
const ofMine = (actor: Actor) =>
  sql<boolean>`scenario_id IN (SELECT id FROM scenarios WHERE author_user_id = ${actor.user.id} OR reviewer_user_id = ${actor.user.id})`;

/** The author and the reviewer of the scenarios these SQL rows (`ids` of `scenario_ids`) belong to. */
function scenarioPeople(scenarioIds: RawBuilder<unknown>): RawBuilder<{ key: string }> {
  return sql<{ key: string }>`
    SELECT 'user:' || author_user_id AS key FROM scenarios WHERE id IN (${scenarioIds})
    UNION SELECT 'user:' || reviewer_user_id FROM scenarios WHERE id IN (${scenarioIds}) AND reviewer_user_id IS NOT NULL`;
}

/** A change of a scenario, or of a row of one (`table` has scenario_id), concerns its author and its reviewer. */
function scenarioAudience(table: 'scenarios' | 'scenario_field_values' | 'scenario_comments'): SyncAudience {
  return {
    rows: (ids) =>
      scenarioPeople(
        table === 'scenarios' ? sql.join(ids) : sql`SELECT scenario_id FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`,
      ),
    actor: (actor) => [personKey(actor.user.id)],
  };
}

function ownsOrReviews(actor: Actor, facts: { author_user_id: number; reviewer_user_id: number | null }) {
  return facts.author_user_id === actor.user.id || facts.reviewer_user_id === actor.user.id || Boolean(actor.user.super_admin);
}

type Refusal = Record<string, string[]> | null;

function editRefusal(facts: ScenarioFactsRow): string {
  return facts.status === SCENARIO_STATUS.review ? M.lockedInReview : M.notEditable;
}

export const scenariosCollection: SyncCollection<ScenarioDoc> = {
  // name, document schema and access: the shared descriptor, which the PWA's store opens too
  name: REPLICATED.scenarios.name,
  table: 'scenarios',
  schema: REPLICATED.scenarios.schema,
  access: REPLICATED.scenarios.access,
  scope: mine,
  audience: scenarioAudience('scenarios'),
  authorizeWrite(actor, stored) {
    // Scenarios are created online (POST api/scenario), so a push only ever changes an existing one.
    if (!stored) throw new ForbiddenWrite('Scenarios are created online.');
    if (!ownsOrReviews(actor, stored)) throw new ForbiddenWrite(M.noAccess);
  },
  async validate(actor, incoming, stored, trx): Promise<Refusal> {
    if (!stored) return { id: [M.noAccess] };
    // Field edits first: an edit made offline before a status change is refused for the status it met.
    const changed = SCENARIO_CORE_FIELD_KEYS.filter((k) => JSON.stringify(incoming[k]) !== JSON.stringify(stored[k]));
    if (changed.length > 0) {
      const facts = await loadScenarioFacts(trx, stored.id, actor.user.id, true);
      if (!facts) return { id: [M.noAccess] };
      if (!canEditScenario(scenarioActor(actor), facts)) return { [changed[0]!]: [editRefusal(facts)] };
    }
    for (const key of SCENARIO_SERVER_KEYS) {
      if (JSON.stringify(incoming[key]) !== JSON.stringify(stored[key])) return { [key]: [M.statusOnline] };
    }
    if (incoming._deleted !== stored._deleted) return { id: [M.statusOnline] };
    return null;
  },
  columns: (doc) => ({
    status: doc.status,
    title: doc.title,
    patient_name: doc.patient_name,
    patient_image: doc.patient_image,
    author_user_id: doc.author_user_id,
    reviewer_user_id: doc.reviewer_user_id,
    live_edit: doc.live_edit,
  }),
};

export const scenarioFieldValuesCollection: SyncCollection<ScenarioFieldValueDoc> = {
  // name, document schema and access: the shared descriptor, which the PWA's store opens too
  name: REPLICATED.scenario_field_values.name,
  table: 'scenario_field_values',
  schema: REPLICATED.scenario_field_values.schema,
  access: REPLICATED.scenario_field_values.access,
  scope: ofMine,
  audience: scenarioAudience('scenario_field_values'),
  async authorizeWrite(actor, stored, incoming, trx) {
    if (incoming.id !== fieldValueDocId(incoming.scenario_id, incoming.field_id)) {
      throw new ForbiddenWrite('A field value is identified by its scenario and field.');
    }
    if (stored && (stored.scenario_id !== incoming.scenario_id || stored.field_id !== incoming.field_id)) {
      throw new ForbiddenWrite('A field value cannot move to another scenario or field.');
    }
    const facts = await loadScenarioFacts(trx, incoming.scenario_id);
    if (!facts || !ownsOrReviews(actor, facts)) throw new ForbiddenWrite(M.noAccess);
  },
  async validate(actor, incoming, stored, trx): Promise<Refusal> {
    if (stored && stored.value === incoming.value && stored._deleted === incoming._deleted) return null;
    const facts = await loadScenarioFacts(trx, incoming.scenario_id, actor.user.id, true);
    if (!facts) return { scenario_id: [M.noAccess] };
    if (!canEditScenario(scenarioActor(actor), facts)) return { value: [editRefusal(facts)] };
    return null;
  },
  columns: (doc) => ({ scenario_id: doc.scenario_id, field_id: doc.field_id, value: doc.value }),
};

export const scenarioCommentsCollection: SyncCollection<ScenarioCommentDoc> = {
  // name, document schema and access: the shared descriptor, which the PWA's store opens too
  name: REPLICATED.scenario_comments.name,
  table: 'scenario_comments',
  schema: REPLICATED.scenario_comments.schema,
  access: REPLICATED.scenario_comments.access,
  scope: ofMine,
  audience: scenarioAudience('scenario_comments'),
  async authorizeWrite(actor, stored, incoming, trx) {
    if (stored) {
      // Written once: a retry of the same comment is fine, a change is not.
      const same = (['scenario_id', 'field', 'content', 'user_id', '_deleted'] as const).every((k) => stored[k] === incoming[k]);
      if (!same) throw new ForbiddenWrite('A comment cannot be changed once written.');
      return;
    }
    if (incoming.user_id !== actor.user.id) throw new ForbiddenWrite('You can only write your own comments.');
    const facts = await loadScenarioFacts(trx, incoming.scenario_id, actor.user.id);
    if (!facts || !ownsOrReviews(actor, facts)) throw new ForbiddenWrite(M.noAccess);
  },
  async validate(actor, incoming, stored, trx): Promise<Refusal> {
    if (stored) return null;
    if (incoming._deleted) return { id: [M.commentNotAllowed] };
    const facts = await loadScenarioFacts(trx, incoming.scenario_id, actor.user.id, true);
    if (!facts || !canCommentScenario(scenarioActor(actor), facts)) return { content: [M.commentNotAllowed] };
    if (incoming.user_name !== fullName(actor.user)) return { user_name: ['The comment must carry your own name.'] };
    return null;
  },
  columns: (doc) => ({ scenario_id: doc.scenario_id, user_id: doc.user_id, field: doc.field, content: doc.content }),
};
