/**
 * Authoring a scenario (spec 001 §3): create, edit its core fields and field values, comment, clone and
 * delete, and the library of patient images and gift card campaigns the author picks from. Field edits go
 * through the sync engine's write path, so REST and offline pushes obey the same collection rules.
 */
import { randomUUID } from 'node:crypto';
import {
  canCommentScenario,
  canDeleteScenario,
  fieldErrors,
  fieldGroupsFor,
  fieldValueDocId,
  fullName,
  isAuthorOf,
  SCENARIO_MESSAGES as M,
  SCENARIO_STATUS as S,
  SCENARIO_CORE_FIELD_KEYS,
  type ScenarioCommentDoc,
  type ScenarioCoreField,
  type ScenarioDoc,
  scenarioActor,
  scenarioCoreFieldSchemas,
  seesField,
} from '@simvisit/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import { requireAny, type ScenarioContext } from './scenario-context';
import type { ScenarioReview } from './scenario-review';
import { scenarioCommentsCollection, scenarioFieldValuesCollection, scenariosCollection } from './scenarios.sync';

export function createScenarioAuthoring(ctx: ScenarioContext, review: Pick<ScenarioReview, 'transition' | 'liveEdit'>) {
  const { repo, sync, audit, forms, tx, visible, viewOf, detail, saveServerDoc, configure, fieldsOf } = ctx;
  const { transition, liveEdit } = review;

  /** Validates one core field's value with the shared rules; 422 with the field's message. */
  function parseCoreValue(field: ScenarioCoreField, value: unknown) {
    const schema = scenarioCoreFieldSchemas[field];
    let input = value;
    if (typeof input === 'string' && input.trim() === '' && field !== 'tags') input = null;
    if (field === 'tags' && typeof input === 'string')
      input = input
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
    if ((field === 'televisit' || field === 'enable_giftcard' || field === 'session_duration') && typeof input === 'string') {
      input = Number(input);
    }
    if (field === 'televisit' || field === 'enable_giftcard') input = input === true ? 1 : input === false ? 0 : input;
    const result = schema.safeParse(input);
    if (!result.success) {
      const errors = fieldErrors(result.error.issues.map((i) => ({ ...i, path: [field] })));
      throw unprocessable(errors[field]?.[0] ?? M.tooLong, errors);
    }
    return result.data;
  }

  async function updateCore(actor: Actor, id: number, values: Partial<Record<ScenarioCoreField, unknown>>) {
    await visible(actor, id);
    const row = (await repo.row(String(id)))!;
    const doc = { ...(row.doc as ScenarioDoc) } as Record<string, unknown>;
    for (const [key, value] of Object.entries(values)) doc[key] = parseCoreValue(key as ScenarioCoreField, value);
    await sync.write(scenariosCollection, actor, {
      ...(doc as ScenarioDoc),
      write_id: randomUUID(),
      updated_at: new Date().toISOString(),
    });
    return { scenario: await detail(actor, id) };
  }

  return {
    async create(actor: Actor) {
      requireAny(actor, 'scenario.create', 'scenario.admin');
      const id = await tx(async (trx) => {
        const newId = await repo.nextId(trx);
        const doc: ScenarioDoc = {
          id: newId,
          write_id: randomUUID(),
          _deleted: false,
          patient_image: null,
          title: null,
          patient_name: null,
          televisit: 1,
          objective: null,
          target_audience: null,
          summary: null,
          session_duration: 30,
          funding_text: null,
          accreditation_Id: null,
          giftcard_amount: null,
          giftcard_campaign_id: null,
          enable_giftcard: 0,
          tags: [],
          status: S.draft,
          author_user_id: actor.user.id,
          reviewer_user_id: null,
          live_edit: false,
          updated_at: new Date().toISOString(),
        };
        await repo.insert(trx, doc, { partner_id: actor.partnerId });
        return newId;
      });
      await audit.record({
        action: 'scenario.created',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'scenario',
        target_id: id,
      });
      return { id: Number(id), message: 'Scenario created' };
    },

    async updateField(actor: Actor, id: number, field: string, value: unknown) {
      if (field === 'status') return transition(actor, id, value);
      if (field === 'live_edit') return liveEdit(actor, id, value);
      if (field === 'trainer_user_id') {
        if (value !== null && value !== '' && value !== undefined) {
          throw unprocessable('Use add-trainer to set the trainer.', { value: ['Use add-trainer to set the trainer.'] });
        }
        await configure(actor, id, (trx, f) => repo.setColumns(trx, f.id, { trainer_user_id: null }));
        return { scenario: await detail(actor, id), message: M.trainerRemoved };
      }
      if (!(SCENARIO_CORE_FIELD_KEYS as string[]).includes(field)) throw unprocessable(M.fieldUnknown, { field: [M.fieldUnknown] });
      return updateCore(actor, id, { [field]: value });
    },

    async update(actor: Actor, id: number, body: Record<string, unknown>) {
      const values = Object.fromEntries(Object.entries(body).filter(([k]) => (SCENARIO_CORE_FIELD_KEYS as string[]).includes(k)));
      if (Object.keys(values).length === 0) throw unprocessable(M.fieldUnknown, { field: [M.fieldUnknown] });
      return updateCore(actor, id, values);
    },

    async saveFieldValue(actor: Actor, id: number, fieldId: number, value: string | null | undefined) {
      const facts = await visible(actor, id);
      const doc = {
        id: fieldValueDocId(facts.id, fieldId),
        write_id: randomUUID(),
        _deleted: false,
        scenario_id: facts.id,
        field_id: fieldId,
        value: value ?? '',
        updated_at: new Date().toISOString(),
      };
      await sync.write(scenarioFieldValuesCollection, actor, doc);
      return { field: { scenario_field_id: fieldId, value: doc.value } };
    },

    /** The field groups and values of the caller's view (decision 0045): a learner's has only their fields. */
    async fields(actor: Actor, id: number) {
      const facts = await visible(actor, id);
      const view = await viewOf(actor, facts);
      const values = await repo.fieldValues(facts.id);
      return {
        field_groups: fieldGroupsFor(view).map((g) => ({ label: g.label, fields: g.fields.map((f) => ({ ...f })) })),
        fields: values.filter((v) => seesField(view, v.field_id)).map((v) => ({ scenario_field_id: v.field_id, value: v.value })),
      };
    },
    fieldsByType: async (actor: Actor, id: number, type: 1 | 2) => ({ fields: await fieldsOf(actor, id, type) }),

    async comment(actor: Actor, id: number, body: { content: string; field: string }) {
      const facts = await visible(actor, id);
      if (!canCommentScenario(scenarioActor(actor), facts)) throw forbidden(M.commentNotAllowed);
      const doc: ScenarioCommentDoc = {
        id: randomUUID(),
        write_id: randomUUID(),
        _deleted: false,
        scenario_id: facts.id,
        field: body.field,
        content: body.content.trim(),
        user_id: actor.user.id,
        user_name: fullName(actor.user),
        user_image: actor.user.image,
        created_at: new Date().toISOString(),
      };
      await sync.write(scenarioCommentsCollection, actor, doc);
      return {
        comment: {
          id: doc.id,
          user: { id: actor.user.id, name: doc.user_name, image: doc.user_image },
          content: doc.content,
          field: doc.field,
          created_at: doc.created_at,
        },
      };
    },

    async clone(actor: Actor, id: number) {
      requireAny(actor, 'scenario.clone');
      const facts = await visible(actor, id);
      const newId = await tx(async (trx) => {
        const row = (await repo.row(facts.id, trx))!;
        const source = row.doc as ScenarioDoc;
        const nextId = await repo.nextId(trx);
        const doc: ScenarioDoc = {
          ...source,
          id: nextId,
          write_id: randomUUID(),
          _deleted: false,
          title: source.title ? `${source.title} (Copy)`.slice(0, 255) : null,
          status: S.draft,
          author_user_id: actor.user.id,
          reviewer_user_id: null,
          live_edit: false,
          updated_at: new Date().toISOString(),
        };
        await repo.insert(trx, doc, { partner_id: actor.partnerId, cloned_from: facts.id });
        await repo.copyFieldValues(trx, facts.id, nextId);
        await forms.copyForms(facts.id, nextId, actor.user.id, trx);
        return nextId;
      });
      await audit.record({
        action: 'scenario.cloned',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'scenario',
        target_id: newId,
        details: { from: facts.id },
      });
      return { scenario_id: Number(newId), message: M.cloned };
    },

    async remove(actor: Actor, id: number) {
      await tx(async (trx, defer) => {
        const facts = await visible(actor, id, trx);
        if (!canDeleteScenario(scenarioActor(actor), facts)) {
          throw isAuthorOf(scenarioActor(actor), facts) || actor.user.super_admin ? conflict(M.deleteRefused) : forbidden(M.deleteRefused);
        }
        await saveServerDoc(trx, facts.id, (d) => ({ ...d, _deleted: true }));
        await repo.restampChildren(trx, facts.id, true);
        defer(() =>
          audit.record({
            action: 'scenario.deleted',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: facts.id,
          }),
        );
      });
      return { message: M.deleted };
    },

    // ---- library ----
    patientImages: async () => ({ images: await repo.patientImages() }),
    async patientImage(imageId: number) {
      const image = await repo.patientImage(imageId);
      if (!image) throw notFound('Image not found.');
      return { image };
    },
    campaigns: async () => ({ giftcard_options: await repo.campaigns() }),
  };
}
