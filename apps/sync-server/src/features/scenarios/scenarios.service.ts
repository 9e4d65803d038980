/**
 * Scenarios (spec 001 §2–§7): authoring, the review lifecycle and the side-panel configuration. The rules of
 * who may do what are the shared pure functions of packages/schema scenario-rules.ts; this service loads the
 * facts, locks the scenario row around every check-then-change, and writes. Field edits (REST or offline
 * pushes) go through the sync engine's write path so both obey the same collection rules; status, reviewer,
 * live edit and delete are server-owned changes of the replicated document. docs/decisions/0017.
 */
import { randomUUID } from 'node:crypto';
import {
  canCommentScenario,
  canConfigureScenario,
  canDeleteScenario,
  canEditScenario,
  canViewScenario,
  fieldErrors,
  fieldValueDocId,
  isAuthorOf,
  isReviewerOf,
  isScenarioAdmin,
  LEARNER_BRIEF_FIELD_ID,
  SCENARIO_MESSAGES as M,
  mayTransition,
  ROLE,
  SCENARIO_STATUS as S,
  SCENARIO_CORE_FIELD_KEYS,
  SCENARIO_CORE_FIELDS,
  SCENARIO_FIELD_GROUPS,
  SCORECARD_DISPLAY_OPTIONS,
  type ScenarioAbilities,
  type ScenarioActor,
  type ScenarioCard,
  type ScenarioCommentDoc,
  type ScenarioCoreField,
  type ScenarioDetail,
  type ScenarioDoc,
  type ScenarioFactsRow,
  type ScenarioStatus,
  type ScenarioTransition,
  SUBMIT_REQUIRED_FIELDS,
  scenarioActor,
  scenarioCoreFieldSchemas,
  sidePanelTabs,
  transitionFor,
  VERBAL_FEEDBACK_FIELD_ID,
} from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { SyncService } from '../../sync/sync.service';
import type { NotificationsService } from '../notifications';
import type { PaymentsService } from '../payments';
import type { ScenarioFormsService } from '../scenario-forms';
import { scenarioCardOf } from './scenario-card';
import type { ListFilter, ScenariosRepository } from './scenarios.repository';
import { scenarioCommentsCollection, scenarioFieldValuesCollection, scenariosCollection } from './scenarios.sync';

interface Deps {
  repo: ScenariosRepository;
  sync: SyncService;
  audit: AuditService;
  notifications: NotificationsService;
  forms: Pick<ScenarioFormsService, 'copyForms'>;
  payments: Pick<PaymentsService, 'creditFor'>;
  /** the learner's pending request or open visit of the scenario (features/visit-requests) */
  visitRequests?: { scheduledFor: (userId: number, scenarioId: number) => Promise<{ type: 1 | 2; id: number } | null> };
}

type CardRow = Awaited<ReturnType<ScenariosRepository['all']>>[number];
type Person = { id: number; first_name: string; last_name: string; email: string; image: string | null };

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
const person = (p: Person | undefined) => (p ? { id: p.id, name: fullName(p), email: p.email, image: p.image } : null);
const noAccess = () => forbidden(M.noAccess);

type PartnerRow = Awaited<ReturnType<ScenariosRepository['partners']>>[number];
type AttachedRow = Awaited<ReturnType<ScenariosRepository['attachedUsers']>>[number];

function toScenarioPartner(p: PartnerRow) {
  return {
    id: p.id,
    partner_id: p.partner_id,
    featured: (p.featured === 1 ? 1 : 0) as 0 | 1,
    job_number: p.job_number,
    partner: { id: p.partner_id, long_name: p.long_name, short_name: p.short_name },
  };
}
function toScenarioUser(u: AttachedRow) {
  return { id: u.id, user_id: u.user_id, role_id: u.role_id, user: { id: u.user_id, name: fullName(u), email: u.email, image: u.image } };
}

const card = (r: CardRow): ScenarioCard => scenarioCardOf(r);

const TRANSITION_AUDIT: Record<ScenarioTransition, string> = {
  submit: 'scenario.submitted',
  take: 'scenario.taken',
  send_back: 'scenario.sent_back',
  approve: 'scenario.approved',
  publish: 'scenario.published',
  archive: 'scenario.archived',
  live_edit: 'scenario.live_edit_started',
  end_live_edit: 'scenario.live_edit_ended',
};

type Defer = (task: () => Promise<unknown>) => void;

export function createScenariosService({ repo, sync, audit, notifications, forms, payments, visitRequests }: Deps) {
  /**
   * A transaction whose side effects (audit, notifications) run after it commits: they use their own
   * connection, which the embedded database (one connection) could not give while the transaction holds it.
   */
  async function tx<T>(fn: (trx: Transaction<DB>, defer: Defer) => Promise<T>): Promise<T> {
    const tasks: (() => Promise<unknown>)[] = [];
    const result = await repo.transaction((trx) => fn(trx, (t) => tasks.push(t)));
    for (const task of tasks) await task();
    return result;
  }

  /** Facts of a scenario the caller may see; 404 when it does not exist, 403 (No Access) when hidden. */
  async function visible(actor: Actor, id: number, trx?: Transaction<DB>): Promise<ScenarioFactsRow> {
    const facts = await repo.facts(String(id), actor.user.id, trx);
    if (!facts) throw notFound('Scenario not found.');
    if (!canViewScenario(scenarioActor(actor), facts)) throw noAccess();
    return facts;
  }

  async function who(actor: Actor) {
    const roles = await repo.rolesAt(actor.user.id, actor.partnerId);
    const superAdmin = Boolean(actor.user.super_admin);
    const admin = superAdmin || roles.includes(ROLE.admin);
    return {
      headTrainer: !admin && roles.includes(ROLE.head_trainer),
      trainerOnly: !superAdmin && !actor.permissions.includes('scenario.admin') && actor.permissions.includes('training_session.schedule'),
    };
  }

  function abilities(a: ScenarioActor, f: ScenarioFactsRow, tabs: ScenarioAbilities['tabs']): ScenarioAbilities {
    return {
      is_author: isAuthorOf(a, f),
      is_reviewer: isReviewerOf(a, f),
      can_edit: canEditScenario(a, f),
      can_comment: canCommentScenario(a, f),
      can_submit: mayTransition(a, f, 'submit'),
      can_take: mayTransition(a, f, 'take'),
      can_send_back: mayTransition(a, f, 'send_back'),
      can_approve: mayTransition(a, f, 'approve'),
      can_publish: mayTransition(a, f, 'publish'),
      can_live_edit: mayTransition(a, f, 'live_edit'),
      can_end_live_edit: mayTransition(a, f, 'end_live_edit'),
      can_clone: a.superAdmin || a.permissions.includes('scenario.clone'),
      can_delete: canDeleteScenario(a, f),
      can_configure: canConfigureScenario(a, f),
      tabs,
    };
  }

  async function detail(actor: Actor, id: number): Promise<ScenarioDetail> {
    const facts = await visible(actor, id);
    const row = (await repo.row(facts.id))!;
    const doc = row.doc as ScenarioDoc;
    const a = scenarioActor(actor);
    const w = await who(actor);
    const involved = isAuthorOf(a, facts) || isReviewerOf(a, facts);
    const seesComments = involved || (isScenarioAdmin(a) && !w.headTrainer);
    const tabs = sidePanelTabs(facts, { ...w, canSeeComments: seesComments });
    const seesDistribution = tabs.includes('Distribution') || (isScenarioAdmin(a) && !w.headTrainer && !w.trainerOnly);
    const seesFee = !w.trainerOnly || involved;
    const [values, users, partners, comments, people] = await Promise.all([
      repo.fieldValues(facts.id),
      repo.attachedUsers(facts.id),
      seesDistribution ? repo.partners(facts.id) : Promise.resolve(null),
      seesComments ? repo.comments(facts.id) : Promise.resolve(null),
      repo.people([row.author_user_id, row.reviewer_user_id, row.trainer_user_id].filter((x): x is number => x !== null)),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const scenarioPartners = partners?.map(toScenarioPartner);
    return {
      id: Number(row.id),
      title: doc.title,
      patient_name: doc.patient_name,
      patient_image: doc.patient_image,
      status: doc.status,
      objective: doc.objective,
      target_audience: doc.target_audience,
      summary: doc.summary,
      televisit: doc.televisit,
      session_duration: doc.session_duration,
      funding_text: doc.funding_text,
      accreditation_Id: doc.accreditation_Id,
      giftcard_amount: doc.giftcard_amount,
      giftcard_campaign_id: doc.giftcard_campaign_id,
      enable_giftcard: doc.enable_giftcard,
      tags: doc.tags.map((name) => ({ name })),
      ...(seesFee ? { fee: row.fee === null ? null : Number(row.fee) } : {}),
      credit_text: row.credit_text,
      author_user_id: row.author_user_id,
      reviewer_user_id: row.reviewer_user_id,
      trainer_user_id: row.trainer_user_id,
      author: person(byId.get(row.author_user_id)),
      reviewer: row.reviewer_user_id ? person(byId.get(row.reviewer_user_id)) : null,
      trainer: row.trainer_user_id ? person(byId.get(row.trainer_user_id)) : null,
      is_sim: row.is_sim,
      live_edit: row.live_edit,
      is_scorecard_enabled: row.is_scorecard_enabled,
      is_feedback_form_enabled: row.is_feedback_form_enabled,
      is_participant_feedback_enabled: row.is_participant_feedback_enabled,
      scorecard_display_type_id: row.scorecard_display_type_id,
      ...(scenarioPartners ? { partners: scenarioPartners, scenario_partners: scenarioPartners } : {}),
      users: users.map(toScenarioUser),
      fields: values.map((v) => ({ scenario_field_id: v.field_id, value: v.value })),
      ...(comments
        ? {
            comments: comments.map((c) => ({
              id: c.id,
              user: { id: c.user_id, name: fullName(c), image: c.image },
              content: c.content,
              field: c.field,
              created_at: iso(c.created_at),
            })),
          }
        : {}),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      abilities: abilities(scenarioActor(actor), facts, tabs),
    };
  }

  /** A change of the replicated document by the server, inside the caller's transaction. */
  async function saveServerDoc(trx: Transaction<DB>, id: string, change: (doc: ScenarioDoc) => ScenarioDoc) {
    const row = (await repo.row(id, trx))!;
    const next = { ...change(row.doc as ScenarioDoc), write_id: randomUUID(), updated_at: new Date().toISOString() };
    await repo.saveDoc(trx, next);
    return next;
  }

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

  async function transition(actor: Actor, id: number, target: unknown) {
    const to = Number(target);
    await tx(async (trx, defer) => {
      const facts = await visible(actor, id, trx);
      const t = Number.isInteger(to) ? transitionFor(facts.status, to) : null;
      if (!t) throw unprocessable(M.transitionRefused, { status: [M.transitionRefused] });
      const a = scenarioActor(actor);
      if (!mayTransition(a, facts, t)) throw forbidden(M.transitionRefused);
      const row = (await repo.row(facts.id, trx))!;
      const doc = row.doc as ScenarioDoc;
      if (t === 'submit') {
        const missing = SUBMIT_REQUIRED_FIELDS.filter((k) => !doc[k] || String(doc[k]).trim() === '');
        if (missing.length > 0) {
          const errors = Object.fromEntries(
            missing.map((k) => [k, [`${SCENARIO_CORE_FIELDS.find((f) => f.key === k)!.label} is required.`]]),
          );
          throw unprocessable(M.requiredEmpty, errors);
        }
      }
      if (t === 'publish' && facts.partner_ids.length === 0 && facts.is_sim !== 1) {
        throw unprocessable(M.noPartners, { partners: [M.noPartners] });
      }
      await saveServerDoc(trx, facts.id, (d) => ({ ...d, status: to as ScenarioStatus }));
      defer(() =>
        audit.record({
          action: TRANSITION_AUDIT[t],
          actor_user_id: actor.user.id,
          partner_id: actor.partnerId,
          target_type: 'scenario',
          target_id: facts.id,
          details: { from: facts.status, to },
        }),
      );
      defer(() => tell(facts, t, actor));
    });
    return { scenario: await detail(actor, id) };
  }

  /** Tells the other person of the review what happened (a notification; it replicates and may push). */
  async function tell(facts: ScenarioFactsRow, t: ScenarioTransition, actor: Actor) {
    const row = await repo.row(facts.id);
    const title = row?.title || 'Untitled scenario';
    const link = `/scenarios/${facts.id}`;
    const notice = (userId: number | null, heading: string, content: string) =>
      userId && userId !== actor.user.id
        ? notifications.create(userId, { title: heading, content, icon: 'message', color: 'white', type: 'router link', payload: { link } })
        : Promise.resolve();
    if (t === 'submit') await notice(facts.reviewer_user_id, 'Scenario submitted for review', `${title} is ready for review.`);
    if (t === 'send_back') await notice(facts.author_user_id, 'Scenario sent back for editing', `${title} needs changes.`);
    if (t === 'approve') await notice(facts.author_user_id, 'Scenario approved', `${title} has been approved.`);
    if (t === 'publish') await notice(facts.author_user_id, 'Scenario is live', `${title} is now published.`);
  }

  async function liveEdit(actor: Actor, id: number, value: unknown) {
    const on = value === true || value === 1 || value === '1' || value === 'true';
    await tx(async (trx, defer) => {
      const facts = await visible(actor, id, trx);
      const t: ScenarioTransition = on ? 'live_edit' : 'end_live_edit';
      if (!mayTransition(scenarioActor(actor), facts, t)) throw forbidden(M.transitionRefused);
      await saveServerDoc(trx, facts.id, (d) => ({ ...d, live_edit: on }));
      defer(() =>
        audit.record({
          action: TRANSITION_AUDIT[t],
          actor_user_id: actor.user.id,
          partner_id: actor.partnerId,
          target_type: 'scenario',
          target_id: facts.id,
        }),
      );
    });
    return { scenario: await detail(actor, id) };
  }

  /** Side panel changes: scenario.admin on approved or published scenarios, with the row locked. */
  async function configure<T>(actor: Actor, id: number, fn: (trx: Transaction<DB>, facts: ScenarioFactsRow, defer: Defer) => Promise<T>) {
    return tx(async (trx, defer) => {
      const facts = await visible(actor, id, trx);
      if (!canConfigureScenario(scenarioActor(actor), facts)) throw forbidden(M.notEditable);
      return fn(trx, facts, defer);
    });
  }

  const option = (u: Person) => ({ id: u.id, name: fullName(u), email: u.email, image: u.image });
  const OPTION_ROLES = { sp: [ROLE.standardized_patient], observer: [ROLE.observer], trainer: [ROLE.trainer, ROLE.head_trainer] };

  async function fieldsOf(actor: Actor, id: number, type: 1 | 2 | null) {
    const facts = await visible(actor, id);
    const values = new Map((await repo.fieldValues(facts.id)).map((v) => [v.field_id, v.value]));
    return SCENARIO_FIELD_GROUPS.flatMap((g) => g.fields)
      .filter((f) => type === null || f.type === type)
      .map((f) => ({ id: f.id, label: f.label, value: values.get(f.id) ?? '' }));
  }

  async function listFor(page: number, filter: ListFilter) {
    const { rows, total } = await repo.page(filter, page);
    return { scenarios: rows.map(card), total, page, per_page: 10 };
  }
  const has = (actor: Actor, p: string) => Boolean(actor.user.super_admin) || actor.permissions.includes(p);
  const requireAny = (actor: Actor, ...perms: string[]) => {
    if (!perms.some((p) => has(actor, p))) throw forbidden();
  };

  return {
    detail: async (actor: Actor, id: number) => ({ scenario: await detail(actor, id) }),

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

    async take(actor: Actor, id: number) {
      await tx(async (trx, defer) => {
        const facts = await visible(actor, id, trx);
        if (facts.status === S.review && facts.reviewer_user_id !== null) throw conflict(M.alreadyTaken);
        if (isAuthorOf(scenarioActor(actor), facts)) throw forbidden(M.reviewerIsAuthor);
        if (!mayTransition(scenarioActor(actor), facts, 'take')) throw forbidden(M.transitionRefused);
        await saveServerDoc(trx, facts.id, (d) => ({ ...d, reviewer_user_id: actor.user.id }));
        // The reviewer's devices now pull this scenario; its values and comments must come along.
        await repo.restampChildren(trx, facts.id);
        defer(() =>
          audit.record({
            action: TRANSITION_AUDIT.take,
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: facts.id,
          }),
        );
      });
      return { scenario: await detail(actor, id) };
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

    async fields(actor: Actor, id: number) {
      const facts = await visible(actor, id);
      const values = await repo.fieldValues(facts.id);
      return {
        field_groups: SCENARIO_FIELD_GROUPS.map((g) => ({ label: g.label, fields: g.fields.map((f) => ({ ...f })) })),
        fields: values.map((v) => ({ scenario_field_id: v.field_id, value: v.value })),
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

    async share(actor: Actor, id: number) {
      const fields = await fieldsOf(actor, id, null);
      const row = (await repo.row(String(id)))!;
      return { learner_brief: fields.find((f) => f.id === LEARNER_BRIEF_FIELD_ID)?.value ?? '', patient_name: row.patient_name };
    },
    async print(actor: Actor, id: number) {
      return { scenario: await detail(actor, id), fields: await fieldsOf(actor, id, null) };
    },
    async verbalFeedback(actor: Actor, id: number) {
      const scenario = await detail(actor, id);
      return { scenario, fields: (await fieldsOf(actor, id, null)).filter((f) => f.id === VERBAL_FEEDBACK_FIELD_ID) };
    },
    /**
     * The learner's scheduling page (scenario.overview): the scenario, the partner's booking window and
     * blocked dates, and the caller's open credit for this scenario. `scheduled` is the caller's pending
     * request ({type: 2, id}) or open visit ({type: 1, id}) of the scenario, which the page redirects to.
     */
    async overview(actor: Actor, id: number) {
      const scenario = await detail(actor, id);
      const dates = actor.partnerId === null ? undefined : await repo.partnerDates(actor.partnerId);
      const credit = await payments.creditFor(actor.user.id, id);
      const scheduled = (await visitRequests?.scheduledFor(actor.user.id, id)) ?? null;
      return {
        scenario,
        scheduled,
        partner_dates: { start_date: dates?.start_date ?? null, end_date: dates?.end_date ?? null },
        partner_disabled_dates:
          dates?.disabled_start_date && dates.disabled_end_date
            ? [{ start_date: dates.disabled_start_date, end_date: dates.disabled_end_date }]
            : [],
        payment_credit: credit ? { amount: credit.amount_cents / 100 } : null,
      };
    },
    async hasVerbalFeedback(actor: Actor, id: number) {
      const fields = await fieldsOf(actor, id, null);
      return { has_verbal_feedback: fields.some((f) => f.id === VERBAL_FEEDBACK_FIELD_ID && f.value.trim() !== '') };
    },
    async tags(actor: Actor, id: number) {
      await visible(actor, id);
      const row = (await repo.row(String(id)))!;
      return { tags: (row.doc as ScenarioDoc).tags };
    },

    // ---- lists ----
    async published(actor: Actor, page: number) {
      const seesAll = has(actor, 'scenario.admin') || has(actor, 'scenario.review') || has(actor, 'training_session.schedule');
      return listFor(page, seesAll ? { kind: 'status', status: S.published } : { kind: 'catalogue', partnerId: actor.partnerId });
    },
    async tab(actor: Actor, tab: 'my-scenarios' | 'need-review' | 'in-review' | 'approved' | 'archived', page: number) {
      const admin = has(actor, 'scenario.admin');
      const reviewer = has(actor, 'scenario.review');
      const trainer = has(actor, 'training_session.schedule');
      // A plain author sees the same six tabs (spec 001 §2) holding their own scenarios in each status.
      const authorOnly = !admin && !reviewer && !trainer && has(actor, 'scenario.create');
      const own = authorOnly ? { author: actor.user.id } : {};
      if (tab === 'my-scenarios') {
        requireAny(actor, 'scenario.create', 'scenario.admin', 'scenario.review');
        return listFor(page, { kind: 'author', author: actor.user.id });
      }
      if (!admin && !reviewer && !trainer && !authorOnly) throw forbidden();
      switch (tab) {
        case 'need-review':
          if (trainer && !admin && !reviewer) throw forbidden();
          return listFor(page, {
            kind: 'status',
            status: S.review,
            reviewer: 'none',
            ...own,
            ...(admin || authorOnly ? {} : { notAuthor: actor.user.id }),
          });
        case 'in-review':
          if (trainer && !admin && !reviewer) throw forbidden();
          return listFor(page, { kind: 'status', status: S.review, reviewer: admin || authorOnly ? 'assigned' : actor.user.id, ...own });
        case 'approved':
          return listFor(page, {
            kind: 'status',
            status: S.approved,
            ...own,
            ...(admin || trainer || authorOnly ? {} : { reviewer: actor.user.id }),
          });
        case 'archived':
          return listFor(page, {
            kind: 'status',
            status: S.archived,
            ...own,
            ...(admin || trainer || authorOnly ? {} : { reviewer: actor.user.id }),
          });
      }
    },
    async authoring(actor: Actor) {
      requireAny(actor, 'scenario.create', 'scenario.admin');
      const mine = (status: number) => repo.all({ kind: 'status', status, author: actor.user.id });
      const [d, r, e, a] = await Promise.all([mine(S.draft), mine(S.review), mine(S.editing), mine(S.approved)]);
      return { scenario_drafts: d.map(card), scenario_reviews: r.map(card), scenario_edits: e.map(card), scenario_approved: a.map(card) };
    },
    async reviewing(actor: Actor) {
      requireAny(actor, 'scenario.review', 'scenario.admin');
      const me = actor.user.id;
      const [a, e, r, n] = await Promise.all([
        repo.all({ kind: 'status', status: S.approved, reviewer: me }),
        repo.all({ kind: 'status', status: S.editing, reviewer: me }),
        repo.all({ kind: 'status', status: S.review, reviewer: me }),
        repo.all({ kind: 'status', status: S.review, reviewer: 'none', notAuthor: me }),
      ]);
      return {
        scenario_approved: a.map(card),
        scenarios_in_edit: e.map(card),
        scenarios_in_review: r.map(card),
        scenarios_needing_review: n.map(card),
      };
    },
    async ofPartner(actor: Actor, partnerId: number) {
      const allowed =
        has(actor, 'scenario.admin') || (await repo.administersPartner(actor.user.id, partnerId)) || actor.partnerId === partnerId;
      if (!allowed) throw forbidden();
      return { scenarios: (await repo.all({ kind: 'partner', partnerId })).map(card) };
    },

    // ---- side panel ----
    async partnerList(actor: Actor) {
      requireAny(actor, 'scenario.admin');
      return { partners: await repo.partnerList() };
    },
    async addPartner(actor: Actor, id: number, partnerId: number, body: { featured: number; job_number: string }) {
      return configure(actor, id, async (trx, f, defer) => {
        if (partnerId === 0 || !(await repo.partnerExists(partnerId, trx))) {
          throw unprocessable(M.selectPartner, { partner_id: [M.selectPartner] });
        }
        if (f.partner_ids.includes(partnerId)) throw conflict(M.partnerExists);
        await repo.addPartner(trx, f.id, partnerId, body.featured, body.job_number);
        defer(() =>
          audit.record({
            action: 'scenario.partner_added',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { partner_id: partnerId },
          }),
        );
        return { message: M.partnerAdded, scenario_partners: await partnersOutIn(trx, f.id) };
      });
    },
    async updatePartner(actor: Actor, id: number, body: { partner_id: number; job_number?: string; featured?: number }) {
      return configure(actor, id, async (trx, f, defer) => {
        const values = {
          ...(body.job_number !== undefined ? { job_number: body.job_number } : {}),
          ...(body.featured !== undefined ? { featured: body.featured } : {}),
        };
        if (Object.keys(values).length === 0) throw unprocessable(M.jobNumberEditRequired, { job_number: [M.jobNumberEditRequired] });
        if (!(await repo.updatePartner(trx, f.id, body.partner_id, values)))
          throw notFound('This partner is not attached to the scenario.');
        defer(() =>
          audit.record({
            action: 'scenario.partner_updated',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { partner_id: body.partner_id, ...values },
          }),
        );
        return {
          message: body.featured !== undefined && body.job_number === undefined ? M.featuredUpdated : 'Job number updated',
          scenario_partners: await partnersOutIn(trx, f.id),
        };
      });
    },
    async removePartner(actor: Actor, id: number, partnerId: number) {
      return configure(actor, id, async (trx, f, defer) => {
        if (!(await repo.removePartner(trx, f.id, partnerId))) throw notFound('This partner is not attached to the scenario.');
        defer(() =>
          audit.record({
            action: 'scenario.partner_removed',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { partner_id: partnerId },
          }),
        );
        return { message: M.partnerRemoved, scenario_partners: await partnersOutIn(trx, f.id) };
      });
    },
    async options(actor: Actor, id: number, kind: 'sp' | 'observer' | 'trainer') {
      await configure(actor, id, async () => undefined);
      return { users: (await repo.usersWithRoles(OPTION_ROLES[kind], null)).map(option) };
    },
    async addUser(actor: Actor, id: number, body: { user_id: number; role_id: number }) {
      return configure(actor, id, async (trx, f, defer) => {
        const allowed = await repo.usersWithRoles([body.role_id], null, trx);
        if (!allowed.some((u) => u.id === body.user_id)) throw unprocessable(M.userRoleMissing, { user_id: [M.userRoleMissing] });
        const current = await repo.attachedUsers(f.id, trx);
        if (current.some((u) => u.user_id === body.user_id && u.role_id === body.role_id)) throw conflict(M.userExists);
        await repo.addUser(trx, f.id, body.user_id, body.role_id);
        defer(() =>
          audit.record({
            action: 'scenario.user_added',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: body,
          }),
        );
        return { message: M.userAdded, users: await usersOutIn(trx, f.id) };
      });
    },
    async removeUser(actor: Actor, id: number, userId: number, roleId: number | null) {
      return configure(actor, id, async (trx, f, defer) => {
        if (!(await repo.removeUser(trx, f.id, userId, roleId))) throw notFound('This user is not attached to the scenario.');
        defer(() =>
          audit.record({
            action: 'scenario.user_removed',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { user_id: userId, role_id: roleId },
          }),
        );
        return { message: M.userRemoved, users: await usersOutIn(trx, f.id) };
      });
    },
    async addTrainer(actor: Actor, id: number, userId: number) {
      return configure(actor, id, async (trx, f, defer) => {
        const allowed = await repo.usersWithRoles(OPTION_ROLES.trainer, null, trx);
        const trainer = allowed.find((u) => u.id === userId);
        if (!trainer) throw unprocessable(M.userRoleMissing, { user_id: [M.userRoleMissing] });
        await repo.setColumns(trx, f.id, { trainer_user_id: userId });
        defer(() =>
          audit.record({
            action: 'scenario.trainer_added',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { user_id: userId },
          }),
        );
        return { message: M.trainerAdded, trainer: option(trainer) };
      });
    },
    async scorecardDisplay(actor: Actor, id: number) {
      await visible(actor, id);
      const row = (await repo.row(String(id)))!;
      return {
        display_options: SCORECARD_DISPLAY_OPTIONS.map((o) => ({ ...o })),
        scorecard_display_type_id: row.scorecard_display_type_id,
      };
    },
    async saveScorecardDisplay(actor: Actor, id: number, typeId: number) {
      return configure(actor, id, async (trx, f, defer) => {
        await repo.setColumns(trx, f.id, { scorecard_display_type_id: typeId });
        defer(() =>
          audit.record({
            action: 'scenario.scorecard_display',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { scorecard_display_type_id: typeId },
          }),
        );
        return { message: M.displayUpdated, scorecard_display_type_id: typeId };
      });
    },
    async saveFee(actor: Actor, id: number, fee: number) {
      return configure(actor, id, async (trx, f, defer) => {
        await repo.setColumns(trx, f.id, { fee });
        defer(() =>
          audit.record({
            action: 'scenario.fee',
            actor_user_id: actor.user.id,
            partner_id: actor.partnerId,
            target_type: 'scenario',
            target_id: f.id,
            details: { fee },
          }),
        );
        return { message: M.feeUpdated, fee };
      });
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

  async function partnersOutIn(trx: Transaction<DB>, id: string) {
    return (await repo.partners(id, trx)).map(toScenarioPartner);
  }
  async function usersOutIn(trx: Transaction<DB>, id: string) {
    return (await repo.attachedUsers(id, trx)).map(toScenarioUser);
  }
}
export type ScenariosService = ReturnType<typeof createScenariosService>;
