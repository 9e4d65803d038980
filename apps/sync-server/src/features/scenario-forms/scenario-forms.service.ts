/**
 * The three forms of a scenario (spec 001 §3, §4, §7): observer scorecard, SP scorecard (feedback form) and
 * participant feedback. docs/decisions/0021-scenario-forms.md records the choices where the spec is silent.
 *
 * - Reading needs canViewScenario and a view of the scenario that includes the form (scenarioViewFor: a
 *   learner reads the participant feedback, an SP the SP scorecard, an observer the scorecard); otherwise 403 'You do not have permission
 *   to access this scenario (No Access)'; a scenario that does not exist 404.
 * - Changes follow the shared rules of packages/schema (formChangeRefusal over canEditFormOf,
 *   canReorderFormOf, canRemoveFromFormOf): 403 for callers who are neither the author nor a scenario admin,
 *   409 with the reason when the scenario's status forbids the change. Every change runs in one transaction
 *   that locks the scenario row and re-checks the rules, so a status change cannot slip in between.
 * - Questions use the rubric feature's rules and sanitizer (one set of words and one allowlist).
 * - Enabling, attaching and removing are audit-logged.
 */
import {
  type AddQuestionRequest,
  canViewScenario,
  type FormChange,
  formAbilities,
  formChangeRefusal,
  htmlTextContent,
  SCENARIO_FORM_MESSAGES as M,
  normalizeAnswers,
  type ScenarioFacts,
  type ScenarioForm,
  type ScenarioFormKind,
  scenarioActor,
  scenarioViewFor,
} from '@simvisit/schema';
import type { Database } from '../../db/database';
import { conflict, fieldError, HttpError, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { RubricsService } from '../rubrics';
import { sanitizeQuestionHtml } from '../rubrics';
import type { FormRow, NewFormQuestion, ScenarioFormsRepository, ScenarioFormsStore } from './scenario-forms.repository';

export type Caller = Actor;

interface Deps {
  repo: ScenarioFormsRepository;
  rubrics: RubricsService;
  audit: AuditService;
}

/** Stored question: sanitized HTML (HTML-01), trimmed description, answers by the type's rules. */
function prepareQuestion(q: AddQuestionRequest): NewFormQuestion {
  const html = sanitizeQuestionHtml(q.question);
  if (htmlTextContent(html) === '') throw fieldError('question', M.questionTextRequired);
  const answers = normalizeAnswers(q);
  if ('error' in answers) throw fieldError('answers', answers.error);
  const description = q.short_description?.trim() ?? '';
  return { question: html, short_description: description || null, question_type_id: q.question_type_id, answers: answers.answers };
}

export function createScenarioFormsService(d: Deps) {
  const refuse = (caller: Caller, facts: ScenarioFacts, change: FormChange) => {
    const refusal = formChangeRefusal(scenarioActor(caller), facts, change);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
  };

  async function detail(caller: Caller, form: FormRow, facts: ScenarioFacts): Promise<ScenarioForm> {
    const [items, enabled] = await Promise.all([d.repo.items(form.id), d.repo.isEnabled(form.scenario_id, form.kind)]);
    const fresh = (await d.repo.findForm(form.id)) ?? form;
    return {
      id: form.id,
      scenario_id: Number(form.scenario_id),
      kind: form.kind,
      instructions: fresh.instructions,
      is_enabled: enabled ? 1 : 0,
      items,
      abilities: formAbilities(scenarioActor(caller), facts),
    };
  }

  /** The form behind an id of this kind's calls; a form of another kind is not found under this prefix. */
  async function formOf(kind: ScenarioFormKind, formId: number): Promise<FormRow> {
    const form = await d.repo.findForm(formId);
    if (!form || form.kind !== kind) throw notFound(M.notFound);
    return form;
  }

  /**
   * Checks the rules before any other work (cheap refusals, and so another author's form answers 403 before
   * anything about its contents), then runs `fn` in a transaction that locks the scenario row and checks
   * again. Returns what `fn` returned and the facts it ran under.
   */
  async function change<T>(
    caller: Caller,
    kind: ScenarioFormKind,
    formId: number,
    what: FormChange,
    fn: (tx: ScenarioFormsStore, form: FormRow) => Promise<T>,
    beforeLock?: (form: FormRow) => Promise<void>,
  ): Promise<{ result: T; form: FormRow; facts: ScenarioFacts }> {
    const form = await formOf(kind, formId);
    const seen = await d.repo.facts(form.scenario_id, caller.user.id);
    if (!seen) throw notFound(M.notFound);
    refuse(caller, seen, what);
    // Reads through other features' services run outside the transaction (PGlite has one connection).
    if (beforeLock) await beforeLock(form);
    return d.repo.transaction(async (tx) => {
      const facts = await tx.facts(form.scenario_id, caller.user.id, true);
      if (!facts) throw notFound(M.notFound);
      refuse(caller, facts, what);
      return { result: await fn(tx, form), form, facts };
    });
  }

  const audit = (caller: Caller, action: string, form: FormRow, details: Record<string, unknown> = {}) =>
    d.audit.record({
      action,
      actor_user_id: caller.user.id,
      partner_id: caller.partnerId,
      target_type: 'scenario',
      target_id: form.scenario_id,
      details: { form: form.kind, form_id: form.id, ...details },
    });

  /** Refuses to empty a form while it is switched on (an enabled form always has something to answer). */
  async function keepsEnabledFormNonEmpty(tx: ScenarioFormsStore, form: FormRow) {
    if ((await tx.itemIds(form.id)).length <= 1 && (await tx.isEnabled(form.scenario_id, form.kind))) {
      throw conflict(M.lastItem(form.kind));
    }
  }

  return {
    /** GET api/{kind}/find/{scenarioId}: the scenario's form of this kind (created empty on first use). */
    async find(caller: Caller, kind: ScenarioFormKind, scenarioId: number) {
      const facts = await d.repo.facts(scenarioId, caller.user.id);
      if (!facts) throw notFound();
      if (!canViewScenario(scenarioActor(caller), facts)) throw new HttpError(403, M.noAccess);
      // The scorecards hold what the learner is scored on: each audience reads only its own forms (decision
      // 0045). Head trainer or admin makes no difference here, so the view needs no roles.
      if (!scenarioViewFor(scenarioActor(caller), facts).forms.includes(kind)) throw new HttpError(403, M.noAccess);
      const formId = await d.repo.ensureForm(facts.id, kind);
      const form = await formOf(kind, formId);
      return { form: await detail(caller, form, facts) };
    },

    async addQuestion(caller: Caller, kind: ScenarioFormKind, formId: number, body: AddQuestionRequest) {
      const question = prepareQuestion(body);
      const { result, form, facts } = await change(caller, kind, formId, 'edit', async (tx, f) => {
        const questionId = await tx.insertQuestion(question, caller.user.id);
        await tx.appendItem(f.id, { question_id: questionId });
        return questionId;
      });
      const shown = await detail(caller, form, facts);
      const added = shown.items.find((i) => i.type === 'question' && i.question.id === result);
      return { message: M.questionAdded, question: added?.type === 'question' ? added.question : questionOrThrow(), form: shown };
    },

    async editQuestion(caller: Caller, kind: ScenarioFormKind, formId: number, questionId: number, body: AddQuestionRequest) {
      const question = prepareQuestion(body);
      const { form, facts } = await change(caller, kind, formId, 'edit', async (tx, f) => {
        if (!(await tx.findQuestionItem(f.id, questionId))) throw notFound(M.questionNotFound);
        await tx.updateQuestion(questionId, question);
      });
      const shown = await detail(caller, form, facts);
      const edited = shown.items.find((i) => i.type === 'question' && i.question.id === questionId);
      return { message: M.questionEdited, question: edited?.type === 'question' ? edited.question : questionOrThrow(), form: shown };
    },

    async removeQuestion(caller: Caller, kind: ScenarioFormKind, formId: number, questionId: number) {
      const { form, facts } = await change(caller, kind, formId, 'remove', async (tx, f) => {
        const item = await tx.findQuestionItem(f.id, questionId);
        if (!item) throw notFound(M.questionNotFound);
        await keepsEnabledFormNonEmpty(tx, f);
        await tx.removeItem(f.id, item.id, questionId);
      });
      await audit(caller, 'scenario_form.remove_question', form, { question_id: questionId });
      return { message: M.questionDeleted, form: await detail(caller, form, facts) };
    },

    /** POST api/rubric/{rubricId}/{kind}/{formId}: attach a published rubric once. */
    async attachRubric(caller: Caller, kind: ScenarioFormKind, formId: number, rubricId: number) {
      let rubricName = '';
      const { form, facts } = await change(
        caller,
        kind,
        formId,
        'edit',
        async (tx, f) => {
          if (await tx.findRubricItem(f.id, rubricId)) throw conflict(M.rubricAlreadyAttached);
          await tx.appendItem(f.id, { rubric_id: rubricId });
        },
        async () => {
          // The rubric feature decides what the caller may see (another author's draft: 404); published rubrics
          // never change or disappear, so the check holds when the transaction runs.
          const { rubric } = await d.rubrics.show(caller, rubricId);
          if (rubric.is_published !== 1) throw conflict(M.rubricNotPublished);
          rubricName = rubric.name;
        },
      );
      await audit(caller, 'scenario_form.attach_rubric', form, { rubric_id: rubricId, rubric_name: rubricName });
      return { message: M.rubricAttached, form: await detail(caller, form, facts) };
    },

    async removeRubric(caller: Caller, kind: ScenarioFormKind, formId: number, rubricId: number) {
      const { form, facts } = await change(caller, kind, formId, 'remove', async (tx, f) => {
        const item = await tx.findRubricItem(f.id, rubricId);
        if (!item) throw notFound(M.rubricNotAttached);
        await keepsEnabledFormNonEmpty(tx, f);
        await tx.removeItem(f.id, item.id, null);
      });
      await audit(caller, 'scenario_form.remove_rubric', form, { rubric_id: rubricId });
      return { message: M.rubricRemoved, form: await detail(caller, form, facts) };
    },

    /** `order` lists every item id of the form exactly once. */
    async reorder(caller: Caller, kind: ScenarioFormKind, formId: number, order: number[]) {
      const { form, facts } = await change(caller, kind, formId, 'reorder', async (tx, f) => {
        const current = await tx.itemIds(f.id);
        const wanted = new Set(order);
        if (wanted.size !== order.length || order.length !== current.length || current.some((i) => !wanted.has(i))) {
          throw fieldError('order', M.reorderMismatch);
        }
        await tx.setPositions(f.id, order);
      });
      return { message: M.reordered, form: await detail(caller, form, facts) };
    },

    async saveInstructions(caller: Caller, kind: ScenarioFormKind, formId: number, instructions: string | null) {
      const { form, facts } = await change(caller, kind, formId, 'edit', (tx, f) => tx.setInstructions(f.id, instructions));
      return { message: M.instructionsSaved, form: await detail(caller, form, facts) };
    },

    /**
     * For the scenario clone: copies the three forms of `fromScenarioId` to the new scenario (instructions,
     * copies of the questions, the same rubrics, in order). Inside the clone's transaction pass it as `trx`
     * (PGlite has one connection, so a second transaction beside it would wait for ever).
     */
    async copyForms(fromScenarioId: string | number, toScenarioId: string | number, userId: number, trx?: Database) {
      const run = (store: ScenarioFormsStore) => store.copyForms(String(fromScenarioId), String(toScenarioId), userId);
      if (trx) await run(d.repo.on(trx));
      else await d.repo.transaction(run);
    },

    /** Sets the form's switch (`wanted`), or toggles it when not given; an empty form cannot be switched on. */
    async enable(caller: Caller, kind: ScenarioFormKind, formId: number, wanted: boolean | undefined) {
      const { result, form, facts } = await change(caller, kind, formId, 'edit', async (tx, f) => {
        const now = await tx.isEnabled(f.scenario_id, f.kind);
        const next = wanted ?? !now;
        if (next && (await tx.itemIds(f.id)).length === 0) throw conflict(M.emptyForm(f.kind));
        if (next !== now) await tx.setEnabled(f.scenario_id, f.kind, next);
        return { next, changed: next !== now };
      });
      if (result.changed) await audit(caller, result.next ? 'scenario_form.enable' : 'scenario_form.disable', form);
      return {
        is_enabled: result.next ? (1 as const) : (0 as const),
        message: result.next ? M.enabled(kind) : M.disabled(kind),
        form: await detail(caller, form, facts),
      };
    },
  };
}

/** The question just written is always in the form; reaching this means the data changed under us. */
function questionOrThrow(): never {
  throw notFound(M.questionNotFound);
}

export type ScenarioFormsService = ReturnType<typeof createScenarioFormsService>;
