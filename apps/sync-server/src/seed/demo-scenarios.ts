import { randomUUID } from 'node:crypto';
import {
  fieldValueDocId,
  LIKERT_DEFAULT_ANSWERS,
  QUESTION_TYPE,
  SCENARIO_STATUS as S,
  type ScenarioDoc,
  type ScenarioStatus,
} from '@simvisit/schema';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/*
 * Demo scenarios in every status (DESIGN.md §3), written by author@ and reviewed by reviewer@, so that every
 * scenario screen has something to show; plus gift card campaigns and a published and a draft rubric.
 */

interface DemoScenario {
  title: string;
  patient_name: string;
  image: string;
  status: ScenarioStatus;
  reviewed?: boolean;
  partners?: { id: number; job: string; featured?: 0 | 1 }[];
  is_sim?: 0 | 1;
  fee?: number;
  credit_text?: string;
  people?: boolean;
  comment?: string;
  complete?: boolean;
}

const SCENARIOS: DemoScenario[] = [
  { title: 'Chest pain in the emergency department', patient_name: 'Robert Hayes', image: 'older-man', status: S.draft, complete: false },
  { title: 'Managing type 2 diabetes', patient_name: 'Maria Lopez', image: 'adult-woman', status: S.review },
  { title: 'Breaking bad news', patient_name: 'Helen Carter', image: 'older-woman', status: S.review, reviewed: true },
  {
    title: 'Smoking cessation counselling',
    patient_name: 'Daniel Kim',
    image: 'adult-man',
    status: S.editing,
    reviewed: true,
    comment: 'Please add how many cigarettes a day the patient smokes.',
  },
  { title: 'Pediatric asthma follow-up', patient_name: 'Noah Bennett', image: 'child', status: S.approved, reviewed: true },
  {
    title: 'Annual wellness visit',
    patient_name: 'Grace Miller',
    image: 'young-woman',
    status: S.published,
    reviewed: true,
    partners: [{ id: 1, job: 'SV-1001', featured: 1 }],
    people: true,
  },
  {
    title: 'Acute low back pain',
    patient_name: 'Marcus Reed',
    image: 'young-man',
    status: S.published,
    reviewed: true,
    partners: [{ id: 1, job: 'SV-1002' }],
    fee: 45,
    credit_text: 'CME credit: 1.0 hour',
    people: true,
  },
  {
    title: 'Post-operative care call',
    patient_name: 'Susan Wright',
    image: 'older-woman',
    status: S.published,
    reviewed: true,
    partners: [{ id: 2, job: 'NF-2026-01', featured: 1 }],
  },
  {
    title: 'Inclusive intake interview',
    patient_name: 'Jordan Ellis',
    image: 'teen',
    status: S.published,
    reviewed: true,
    is_sim: 1,
    partners: [{ id: 28, job: 'SC-0042' }],
  },
  {
    title: 'Influenza vaccine hesitancy',
    patient_name: 'Peter Novak',
    image: 'adult-man',
    status: S.archived,
    reviewed: true,
    partners: [{ id: 1, job: 'SV-0900' }],
  },
];

function doc(id: string, s: DemoScenario, author: number, reviewer: number | null): ScenarioDoc {
  const complete = s.complete ?? true;
  return {
    id,
    write_id: randomUUID(),
    _deleted: false,
    patient_image: `/patient-images/${s.image}.svg`,
    title: s.title,
    patient_name: s.patient_name,
    televisit: 1,
    objective: complete ? `Practise a focused, patient-centred conversation with ${s.patient_name}.` : null,
    target_audience: complete ? 'Medical and nursing students in their clinical years.' : null,
    summary: `${s.patient_name} attends a video visit. ${s.title}.`,
    session_duration: 30,
    funding_text: null,
    accreditation_Id: null,
    giftcard_amount: null,
    giftcard_campaign_id: null,
    enable_giftcard: 0,
    tags: ['communication'],
    status: s.status,
    author_user_id: author,
    reviewer_user_id: reviewer,
    live_edit: false,
    updated_at: new Date().toISOString(),
  };
}

export async function seedDemoScenarios(trx: Transaction<DB>, ids: Map<string, number>): Promise<void> {
  const author = ids.get('author@demo.test')!;
  const reviewer = ids.get('reviewer@demo.test')!;
  const admin = ids.get('admin@demo.test')!;
  for (const s of SCENARIOS) {
    const id = (await sql<{ id: string }>`SELECT nextval('scenario_ids')::text AS id`.execute(trx)).rows[0]!.id;
    const d = doc(id, s, author, s.reviewed ? reviewer : null);
    await trx
      .insertInto('scenarios')
      .values({
        id,
        status: d.status,
        title: d.title,
        patient_name: d.patient_name,
        patient_image: d.patient_image,
        author_user_id: author,
        reviewer_user_id: d.reviewer_user_id,
        trainer_user_id: s.people ? ids.get('trainer@demo.test')! : null,
        partner_id: 1,
        is_sim: s.is_sim ?? 0,
        fee: s.fee ?? null,
        credit_text: s.credit_text ?? null,
        cloned_from: null,
        doc: JSON.stringify(d),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const values: [number, string][] = [
      [1, `You are about to see ${s.patient_name} by video. Take a focused history and agree a plan together.`],
      [3, s.title],
      [8, 'Thank you for seeing me today.'],
      [20, 'Tell the learner one thing they did well and one thing to try next time.'],
    ];
    for (const [fieldId, value] of values) {
      const vid = fieldValueDocId(id, fieldId);
      await trx
        .insertInto('scenario_field_values')
        .values({
          id: vid,
          scenario_id: id,
          field_id: fieldId,
          value,
          doc: JSON.stringify({
            id: vid,
            write_id: randomUUID(),
            _deleted: false,
            scenario_id: id,
            field_id: fieldId,
            value,
            updated_at: d.updated_at,
          }),
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    }
    for (const p of s.partners ?? []) {
      await trx
        .insertInto('scenario_partners')
        .values({ scenario_id: id, partner_id: p.id, featured: p.featured ?? 0, job_number: p.job })
        .execute();
    }
    if (s.people) {
      await trx
        .insertInto('scenario_users')
        .values([
          { scenario_id: id, user_id: ids.get('sp@demo.test')!, role_id: 2 },
          { scenario_id: id, user_id: ids.get('observer@demo.test')!, role_id: 3 },
        ])
        .execute();
    }
    if (s.comment) {
      const cid = randomUUID();
      const comment = {
        id: cid,
        write_id: randomUUID(),
        _deleted: false,
        scenario_id: id,
        field: 'field_7',
        content: s.comment,
        user_id: reviewer,
        user_name: 'Riley Reviewer',
        user_image: null,
        created_at: new Date().toISOString(),
      };
      await trx
        .insertInto('scenario_comments')
        .values({
          id: cid,
          scenario_id: id,
          user_id: reviewer,
          field: comment.field,
          content: comment.content,
          doc: JSON.stringify(comment),
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    }
  }

  await trx
    .insertInto('giftcard_campaigns')
    .values([
      { campaign_id: 'spring-2027', campaign_name: 'Spring 2027 participant thank-you' },
      { campaign_id: 'pilot-cohort', campaign_name: 'Pilot cohort incentive' },
    ])
    .execute();

  await seedRubric(trx, admin, 'Communication Skills', true, [
    { text: '<p>Introduced themselves and their role</p>', type: QUESTION_TYPE.true_false, answers: ['Yes', 'No'] },
    { text: '<p>Used open-ended questions</p>', type: QUESTION_TYPE.likert, answers: [...LIKERT_DEFAULT_ANSWERS] },
    { text: '<p>Checked the patient understood the plan</p>', type: QUESTION_TYPE.likert, answers: [...LIKERT_DEFAULT_ANSWERS] },
    { text: '<p>What could the learner do differently?</p>', type: QUESTION_TYPE.long_fill, answers: [] },
  ]);
  await seedRubric(trx, author, 'History Taking (draft)', false, [
    {
      text: '<p>Which area did the learner explore first?</p>',
      type: QUESTION_TYPE.multiple_choice,
      answers: ['Symptoms', 'Medications', 'Family history'],
    },
  ]);
  await seedDemoForms(trx, admin);
}

type DemoQuestion = { text: string; type: number; answers: string[] };

/** A question with its answers in their order (rubrics and forms alike). */
async function insertQuestion(trx: Transaction<DB>, q: DemoQuestion, creator: number) {
  const question = await trx
    .insertInto('questions')
    .values({ question: q.text, question_type_id: q.type, created_by: creator, short_description: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (q.answers.length > 0) {
    await trx
      .insertInto('question_answers')
      .values(q.answers.map((answer, i) => ({ question_id: question.id, answer, position: i })))
      .execute();
  }
  return question;
}

async function seedRubric(trx: Transaction<DB>, creator: number, name: string, published: boolean, questions: DemoQuestion[]) {
  const rubric = await trx
    .insertInto('rubrics')
    .values({
      name,
      creator_user_id: creator,
      partner_id: 1,
      is_published: published,
      learner_instructions: null,
      scorer_instructions: 'Score what you observed during the visit.',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let position = 0;
  for (const q of questions) {
    const question = await insertQuestion(trx, q, creator);
    await trx.insertInto('rubric_questions').values({ rubric_id: rubric.id, question_id: question.id, position: position++ }).execute();
  }
}

const SP_SCORECARD: DemoQuestion[] = [
  { text: '<p>Did the learner introduce themselves and their role?</p>', type: QUESTION_TYPE.true_false, answers: ['Yes', 'No'] },
  { text: '<p>How well did the learner listen to your concerns?</p>', type: QUESTION_TYPE.likert, answers: [...LIKERT_DEFAULT_ANSWERS] },
  {
    text: '<p>Which best describes how the learner explained the plan?</p>',
    type: QUESTION_TYPE.multiple_choice,
    answers: ['Clear and complete', 'Mostly clear', 'Hard to follow'],
  },
  { text: '<p>What is one thing the learner did <strong>well</strong>?</p>', type: QUESTION_TYPE.long_fill, answers: [] },
];
const OBSERVER_SCORECARD: DemoQuestion[] = [
  {
    text: '<p>Overall, how ready is the learner for this kind of visit?</p>',
    type: QUESTION_TYPE.likert,
    answers: [...LIKERT_DEFAULT_ANSWERS],
  },
];
const PARTICIPANT_FEEDBACK: DemoQuestion[] = [
  { text: '<p>How realistic did the visit feel?</p>', type: QUESTION_TYPE.likert, answers: [...LIKERT_DEFAULT_ANSWERS] },
  { text: '<p>What would you like to practise next time?</p>', type: QUESTION_TYPE.long_fill, answers: [] },
];

/**
 * The three forms of the scenarios that have visits in the demo (issue 5, decision 0030): the SP scorecard
 * (feedback form) with one question of each type, the observer scorecard with the published rubric and a
 * question of its own, and participant feedback; all enabled, and the learner sees the SP scorecard and the
 * observers' scorecards one by one and merged (display type 5).
 */
async function seedDemoForms(trx: Transaction<DB>, creator: number) {
  const rubric = await trx.selectFrom('rubrics').select('id').where('name', '=', 'Communication Skills').executeTakeFirstOrThrow();
  const scenarios = await trx
    .selectFrom('scenarios')
    .select('id')
    .where('title', 'in', ['Annual wellness visit', 'Acute low back pain'])
    .execute();
  for (const scenario of scenarios) {
    const forms: [
      kind: 'feedback-form' | 'scorecard' | 'participant-feedback',
      instructions: string,
      questions: DemoQuestion[],
      rubricId?: number,
    ][] = [
      ['feedback-form', 'Right after the visit, score the learner as the patient experienced them.', SP_SCORECARD],
      ['scorecard', 'Score what you observed during the visit.', OBSERVER_SCORECARD, rubric.id],
      ['participant-feedback', 'Tell us how the visit went for you.', PARTICIPANT_FEEDBACK],
    ];
    for (const [kind, instructions, questions, rubricId] of forms) {
      const form = await trx
        .insertInto('scenario_forms')
        .values({ scenario_id: scenario.id, kind, instructions })
        .returning('id')
        .executeTakeFirstOrThrow();
      let position = 0;
      if (rubricId)
        await trx
          .insertInto('scenario_form_items')
          .values({ form_id: form.id, position: position++, question_id: null, rubric_id: rubricId })
          .execute();
      for (const q of questions) {
        const question = await insertQuestion(trx, q, creator);
        await trx
          .insertInto('scenario_form_items')
          .values({ form_id: form.id, position: position++, question_id: question.id, rubric_id: null })
          .execute();
      }
    }
    await trx
      .updateTable('scenarios')
      .set({ is_feedback_form_enabled: 1, is_scorecard_enabled: 1, is_participant_feedback_enabled: 1, scorecard_display_type_id: 5 })
      .where('id', '=', scenario.id)
      .execute();
  }
}
