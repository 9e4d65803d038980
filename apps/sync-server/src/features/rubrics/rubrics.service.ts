/**
 * Rubrics and their questions (spec 001 §2, §4, §5, §7).
 *
 * Authorization decision (the spec says rubrics are for authors and admins and shows the Rubrics menu to
 * super admins only; it does not say who may call the API):
 * - Authors of rubrics: super admins, holders of scenario.admin and authors (scenario.create) at the current
 *   partner may create rubrics, and edit, publish, clone and delete the drafts they may see. Anyone else: 403.
 * - Published rubrics are readable by every author and scenario admin (they are attached to scenario forms).
 * - Drafts are seen only by their creator, super admins and scenario.admin holders; another author's draft,
 *   like a rubric that does not exist or was deleted, answers 404 (no existence leak, AUTHZ-13).
 * - A published rubric is immutable (spec 001 §4): edits, question changes, reorder, field saves and a second
 *   publish answer 409 with RUBRIC_MESSAGES.published. Deleting a published rubric answers 409 with the
 *   spec's own words 'Rubric already deleted.' — 409 rather than 422 because the body is valid and the refusal
 *   comes from the rubric's state, the same as every other change to a published rubric.
 * - Rubrics are not partner-scoped yet: partner_id records where a rubric was created, for later issues.
 * Question text is sanitized on write (HTML-01); instructions are plain text and rendered as text.
 * Publish and delete are audit-logged.
 */
import {
  type AddQuestionRequest,
  type CreateRubricRequest,
  DEFAULT_RUBRIC_NAME,
  fullName,
  RUBRIC_MESSAGES as M,
  normalizeAnswers,
  RUBRIC_PAGE_SIZE,
  type RubricDetail,
  type RubricSummary,
  type SaveRubricFieldRequest,
} from '@simvisit/schema';
import type { RubricRow } from '../../db/types';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { sanitizeQuestionHtml } from './question-html';
import type { DraftLock, NewQuestion, RubricsRepository } from './rubrics.repository';

export type Caller = Actor;

interface Deps {
  repo: RubricsRepository;
  audit: AuditService;
}

type SummaryRow = NonNullable<Awaited<ReturnType<RubricsRepository['summary']>>>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const CLONE_SUFFIX = ' (Copy)';

function toSummary(r: SummaryRow): RubricSummary {
  return {
    id: r.id,
    name: r.name,
    is_published: r.is_published ? 1 : 0,
    display_type: r.display_type,
    learner_instructions: r.learner_instructions,
    scorer_instructions: r.scorer_instructions,
    creator: { id: r.creator_user_id, name: fullName(r) },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    question_count: Number(r.question_count ?? 0),
  };
}

/** May create rubrics and read published ones. */
const isAuthor = (c: Caller) => c.user.super_admin || c.permissions.includes('scenario.admin') || c.permissions.includes('scenario.create');
/** Sees and edits every draft. */
const isManager = (c: Caller) => c.user.super_admin || c.permissions.includes('scenario.admin');

/** Stored question: sanitized HTML, trimmed description, answers by the type's rules (already validated). */
function prepareQuestion(q: AddQuestionRequest): NewQuestion {
  const html = sanitizeQuestionHtml(q.question);
  if (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  )
    throw fieldError('question', M.textRequired);
  const answers = normalizeAnswers(q);
  if ('error' in answers) throw fieldError('answers', answers.error);
  const description = q.short_description?.trim() ?? '';
  return { question: html, short_description: description || null, question_type_id: q.question_type_id, answers: answers.answers };
}

export function createRubricsService(d: Deps) {
  function requireAuthor(caller: Caller) {
    if (!isAuthor(caller)) throw forbidden();
  }

  /** The rubric if the caller may see it; 404 otherwise (403 first for non-authors). */
  async function visible(caller: Caller, rubricId: number): Promise<RubricRow> {
    requireAuthor(caller);
    const rubric = await d.repo.find(rubricId);
    if (!rubric) throw notFound(M.notFound);
    if (rubric.is_published || rubric.creator_user_id === caller.user.id || isManager(caller)) return rubric;
    throw notFound(M.notFound);
  }

  /** The rubric if the caller may change it: visible and still a draft. */
  async function editable(caller: Caller, rubricId: number): Promise<RubricRow> {
    const rubric = await visible(caller, rubricId);
    if (rubric.is_published) throw conflict(M.published);
    return rubric;
  }

  function settle(state: DraftLock | 'mismatch' | 'empty') {
    if (state === 'gone') throw notFound(M.notFound);
    if (state === 'published') throw conflict(M.published);
    if (state === 'mismatch') throw fieldError('order', M.reorderMismatch);
    if (state === 'empty') throw fieldError('questions', M.incomplete);
  }

  async function detail(rubricId: number): Promise<RubricDetail> {
    const summary = await d.repo.summary(rubricId);
    if (!summary) throw notFound(M.notFound);
    const questions = (await d.repo.questionsOf(rubricId)).map((q) => ({
      id: q.id,
      question: q.question,
      short_description: q.short_description,
      question_type_id: q.question_type_id,
      answers: q.answers,
      position: q.position,
    }));
    const plain = questions.map(({ position: _p, ...q }) => q);
    return {
      ...toSummary(summary),
      questions: plain,
      rubric_questions: questions.map((q, i) => ({ question_id: q.id, position: q.position, question: plain[i]! })),
    };
  }

  async function questionOf(rubricId: number, questionId: number) {
    const q = (await d.repo.questionsOf(rubricId)).find((x) => x.id === questionId);
    if (!q) throw notFound(M.questionNotFound);
    return {
      id: q.id,
      question: q.question,
      short_description: q.short_description,
      question_type_id: q.question_type_id,
      answers: q.answers,
    };
  }

  const audit = (caller: Caller, action: string, rubric: RubricRow) =>
    d.audit.record({
      action,
      actor_user_id: caller.user.id,
      partner_id: caller.partnerId,
      target_type: 'rubric',
      target_id: rubric.id,
      details: { name: rubric.name },
    });

  return {
    /** GET api/rubric: the caller's own rubrics, drafts and published. */
    async mine(caller: Caller) {
      requireAuthor(caller);
      return { rubrics: (await d.repo.byCreator(caller.user.id)).map(toSummary) };
    },

    /** GET api/rubric/all: a page of drafts the caller may see and a page of published rubrics. */
    async all(caller: Caller, pageStart: number) {
      requireAuthor(caller);
      const creatorId = isManager(caller) ? null : caller.user.id;
      const drafts = await d.repo.page({ published: false, creatorId }, pageStart, RUBRIC_PAGE_SIZE);
      const published = await d.repo.page({ published: true, creatorId: null }, pageStart, RUBRIC_PAGE_SIZE);
      return {
        drafts: drafts.rows.map(toSummary),
        published: published.rows.map(toSummary),
        drafts_total: drafts.total,
        published_total: published.total,
      };
    },

    async show(caller: Caller, rubricId: number) {
      await visible(caller, rubricId);
      return { rubric: await detail(rubricId) };
    },

    async create(caller: Caller, body: CreateRubricRequest) {
      requireAuthor(caller);
      const rubricId = await d.repo.create({
        name: body.name?.trim() || DEFAULT_RUBRIC_NAME,
        learner_instructions: body.learner_instructions ?? null,
        scorer_instructions: body.scorer_instructions ?? null,
        display_type: body.display_type ?? 1,
        creator_user_id: caller.user.id,
        partner_id: caller.partnerId,
      });
      return { rubric_id: rubricId, message: M.created };
    },

    /** A new draft owned by the caller with copies of the source's questions (any visible rubric). */
    async clone(caller: Caller, rubricId: number) {
      const source = await visible(caller, rubricId);
      const questions = await d.repo.questionsOf(source.id);
      const name = source.name.length + CLONE_SUFFIX.length > 255 ? source.name.slice(0, 255 - CLONE_SUFFIX.length) : source.name;
      const newId = await d.repo.clone(
        {
          name: `${name}${CLONE_SUFFIX}`,
          learner_instructions: source.learner_instructions,
          scorer_instructions: source.scorer_instructions,
          display_type: source.display_type,
          creator_user_id: caller.user.id,
          partner_id: caller.partnerId,
        },
        questions.map((q) => ({
          question: q.question,
          short_description: q.short_description,
          question_type_id: q.question_type_id,
          answers: q.answers.map((a) => a.answer),
        })),
      );
      return { rubric_id: newId, message: M.cloned };
    },

    async remove(caller: Caller, rubricId: number) {
      const rubric = await visible(caller, rubricId);
      if (rubric.is_published) throw conflict(M.alreadyDeleted);
      if (!(await d.repo.softDeleteDraft(rubric.id))) {
        const now = await d.repo.find(rubric.id);
        throw now ? conflict(M.alreadyDeleted) : notFound(M.notFound);
      }
      await audit(caller, 'rubric.delete', rubric);
      return { message: M.deleted };
    },

    async publish(caller: Caller, rubricId: number) {
      const rubric = await editable(caller, rubricId);
      settle(await d.repo.publish(rubric.id));
      await audit(caller, 'rubric.publish', rubric);
      return { message: M.publishedOk, rubric: await detail(rubric.id) };
    },

    async addQuestion(caller: Caller, rubricId: number, body: AddQuestionRequest) {
      const rubric = await editable(caller, rubricId);
      const result = await d.repo.addQuestion(rubric.id, prepareQuestion(body), caller.user.id);
      if (typeof result !== 'number') {
        settle(result);
        throw conflict(M.published);
      }
      return { message: M.questionAdded, question: await questionOf(rubric.id, result) };
    },

    async editQuestion(caller: Caller, rubricId: number, questionId: number, body: AddQuestionRequest) {
      const rubric = await editable(caller, rubricId);
      await questionOf(rubric.id, questionId);
      settle(await d.repo.editQuestion(rubric.id, questionId, prepareQuestion(body)));
      return { message: M.questionEdited, question: await questionOf(rubric.id, questionId) };
    },

    async removeQuestion(caller: Caller, rubricId: number, questionId: number) {
      const rubric = await editable(caller, rubricId);
      await questionOf(rubric.id, questionId);
      settle(await d.repo.removeQuestion(rubric.id, questionId));
      return { message: M.questionDeleted };
    },

    async reorder(caller: Caller, rubricId: number, order: number[]) {
      const rubric = await editable(caller, rubricId);
      settle(await d.repo.reorder(rubric.id, order));
      return { message: M.reordered };
    },

    async saveField(caller: Caller, body: SaveRubricFieldRequest) {
      const rubric = await editable(caller, body.rubric_id);
      const value = body.value;
      const changed = await d.repo.updateDraft(rubric.id, { [body.field]: value });
      if (!changed) settle((await d.repo.find(rubric.id)) ? 'published' : 'gone');
      return { message: M.updated, field: body.field, value };
    },
  };
}
export type RubricsService = ReturnType<typeof createRubricsService>;
