import { describe, expect, it } from 'vitest';
import {
  checkScorecardResponses,
  displayParts,
  type FormItem,
  formQuestions,
  incompleteNotice,
  isAnswered,
  VISIT_SCORECARD_MESSAGES as M,
  mergeScorecards,
  participantFeedbackAvailable,
  QUESTION_TYPE,
  SCORECARD_DISPLAY_OPTIONS,
  type ScorecardTabsInput,
  sameServerFields,
  scorecardTabs,
  submissionRefusal,
  submitErrorTitle,
  submittedNotice,
  SCORECARD_DISPLAY_TYPE as T,
} from '../src';

const likert = [1, 2, 3, 4, 5].map((n) => ({ id: 100 + n, answer: `L${n}` }));
const ITEMS: FormItem[] = [
  {
    id: 1,
    position: 0,
    type: 'question',
    question: {
      id: 11,
      question: '<p>Introduced?</p>',
      short_description: null,
      question_type_id: QUESTION_TYPE.true_false,
      answers: [
        { id: 201, answer: 'Yes' },
        { id: 202, answer: 'No' },
      ],
    },
  },
  {
    id: 2,
    position: 1,
    type: 'rubric',
    rubric: {
      id: 7,
      name: 'Communication',
      learner_instructions: null,
      scorer_instructions: null,
      display_type: 1,
      questions: [
        { id: 12, question: '<p>Listened</p>', short_description: null, question_type_id: QUESTION_TYPE.likert, answers: likert },
        {
          id: 13,
          question: '<p>Plan</p>',
          short_description: null,
          question_type_id: QUESTION_TYPE.multiple_choice,
          answers: [
            { id: 301, answer: 'Clear' },
            { id: 302, answer: 'Unclear' },
          ],
        },
      ],
    },
  },
  {
    id: 3,
    position: 2,
    type: 'question',
    question: { id: 14, question: '<p>Did well</p>', short_description: null, question_type_id: QUESTION_TYPE.long_fill, answers: [] },
  },
];
const FULL = [
  { question_id: 11, response: 201 },
  { question_id: 12, response: 4 },
  { question_id: 13, response: 302 },
  { question_id: 14, response: '  Kind and clear.  ' },
];

describe('scorecard answers (VAL-06)', () => {
  it('lists the questions of a form in order, rubric questions included', () => {
    expect(formQuestions(ITEMS).map((q) => q.id)).toEqual([11, 12, 13, 14]);
  });

  it('accepts a complete submission and normalizes it (text trimmed, choices as ids)', () => {
    const r = checkScorecardResponses('feedback-form', ITEMS, [...FULL].reverse(), true);
    expect(r.errors).toBeNull();
    expect(r.responses).toEqual([
      { question_id: 11, response: 201 },
      { question_id: 12, response: 4 },
      { question_id: 13, response: 302 },
      { question_id: 14, response: 'Kind and clear.' },
    ]);
    expect(
      checkScorecardResponses(
        'scorecard',
        ITEMS,
        FULL.map((a) => ({ ...a, response: String(a.response) })),
        true,
      ).errors,
    ).toBeNull();
  });

  it("puts 'Response is required' under each open question and the notice first when submitting", () => {
    const r = checkScorecardResponses('feedback-form', ITEMS, [FULL[0]!, { question_id: 14, response: '   ' }], true);
    expect(r.errors).toEqual({
      form: ['All fields must be completed before submitting feedback form.'],
      'responses.12': ['Response is required'],
      'responses.13': ['Response is required'],
      'responses.14': ['Response is required'],
    });
    expect(Object.keys(r.errors!)[0]).toBe('form');
    expect(checkScorecardResponses('scorecard', ITEMS, [], true).errors?.form).toEqual([
      'All fields must be completed before submitting scorecard.',
    ]);
    expect(checkScorecardResponses('participant-feedback', ITEMS, [], true).errors?.form).toEqual([
      'All fields must be completed before submitting feedback form.',
    ]);
  });

  it('lets answers in progress leave questions open', () => {
    expect(checkScorecardResponses('scorecard', ITEMS, [FULL[1]!], false)).toEqual({ responses: [FULL[1]], errors: null });
  });

  it("refuses another form's question, a duplicate, Likert 0 and 6, a choice not offered, text for a choice", () => {
    const cases: [unknown, string, string][] = [
      [[...FULL, { question_id: 99, response: 1 }], 'responses.99', M.unknownQuestion],
      [[...FULL, { question_id: 12, response: 3 }], 'responses.12', M.duplicateQuestion],
      [FULL.map((a) => (a.question_id === 12 ? { ...a, response: 6 } : a)), 'responses.12', M.likertRange],
      [FULL.map((a) => (a.question_id === 12 ? { ...a, response: 0 } : a)), 'responses.12', M.likertRange],
      [FULL.map((a) => (a.question_id === 12 ? { ...a, response: 2.5 } : a)), 'responses.12', M.likertRange],
      [FULL.map((a) => (a.question_id === 13 ? { ...a, response: 201 } : a)), 'responses.13', M.notAnOption],
      [FULL.map((a) => (a.question_id === 11 ? { ...a, response: 'Yes' } : a)), 'responses.11', M.notAnOption],
      [FULL.map((a) => (a.question_id === 14 ? { ...a, response: 'x'.repeat(10_001) } : a)), 'responses.14', M.textTooLong],
    ];
    for (const [responses, key, message] of cases) {
      for (const submitting of [true, false]) {
        const r = checkScorecardResponses('scorecard', ITEMS, responses as never, submitting);
        expect(r.errors?.[key], `${key} ${message}`).toEqual([message]);
      }
    }
  });

  it("answers 'Invalid question type' for a question of an unknown type", () => {
    const odd: FormItem[] = [
      {
        id: 9,
        position: 0,
        type: 'question',
        question: { id: 90, question: 'x', short_description: null, question_type_id: 9, answers: [] },
      },
    ];
    const r = checkScorecardResponses('scorecard', odd, [{ question_id: 90, response: 'anything' }], true);
    expect(r.errors).toEqual({ form: [incompleteNotice('scorecard')], 'responses.90': ['Invalid question type'] });
    expect(isAnswered(odd[0]!.type === 'question' ? odd[0]!.question : (null as never), 'anything')).toBe(false);
  });

  it('says whether a question is answered', () => {
    const [tf, lk, mc, text] = formQuestions(ITEMS);
    expect([
      isAnswered(tf!, 201),
      isAnswered(tf!, undefined),
      isAnswered(lk!, 5),
      isAnswered(lk!, 6),
      isAnswered(mc!, 301),
      isAnswered(text!, ' '),
    ]).toEqual([true, false, true, false, true, false]);
  });

  it('compares server-owned fields whatever the key order', () => {
    expect(sameServerFields({ visit: { a: 1, b: 2 }, form: { items: [] } }, { form: { items: [] }, visit: { b: 2, a: 1 } })).toBe(true);
    expect(sameServerFields({ visit: { a: 1 } }, { visit: { a: 2 } })).toBe(false);
    expect(sameServerFields({ user_id: 1 }, { user_id: 2 })).toBe(false);
  });
});

describe('when a form can be submitted (spec 002 §4)', () => {
  const now = new Date('2026-12-01T15:00:00Z');
  const visit = {
    start_at: '2026-12-01T14:00:00Z',
    is_complete: false,
    is_canceled: false,
    no_show: false,
    learner_technical_issue: false,
  };
  it('opens the SP and observer scorecards at the start, participant feedback once complete, nothing on a closed visit', () => {
    expect(submissionRefusal('feedback-form', visit, now)).toBeNull();
    expect(submissionRefusal('scorecard', { ...visit, start_at: '2026-12-01T15:00:01Z' }, now)).toBe(M.notStarted);
    expect(submissionRefusal('participant-feedback', visit, now)).toBe(M.notComplete);
    expect(submissionRefusal('participant-feedback', { ...visit, is_complete: true }, now)).toBeNull();
    for (const flag of ['is_canceled', 'no_show', 'learner_technical_issue'] as const) {
      expect(submissionRefusal('feedback-form', { ...visit, is_complete: true, [flag]: true }, now)).toBe(M.visitClosed);
    }
  });

  it('offers participant feedback only when enabled, not complete, and the visit complete and not closed', () => {
    const done = { ...visit, is_complete: true, is_participant_feedback_complete: false };
    expect(participantFeedbackAvailable(done, true)).toBe(true);
    expect(participantFeedbackAvailable(done, false)).toBe(false);
    expect(participantFeedbackAvailable({ ...done, is_participant_feedback_complete: true }, true)).toBe(false);
    expect(participantFeedbackAvailable({ ...done, is_complete: false }, true)).toBe(false);
    expect(participantFeedbackAvailable({ ...done, no_show: true }, true)).toBe(false);
    expect(participantFeedbackAvailable({ ...done, learner_technical_issue: true }, true)).toBe(false);
  });

  it("has the spec's notices and error titles per form", () => {
    expect(['feedback-form', 'scorecard', 'participant-feedback'].map((k) => submittedNotice(k as never))).toEqual([
      'SP Scorecard Submitted.',
      'Scorecard submitted.',
      'Participant Feedback Submitted.',
    ]);
    expect(['feedback-form', 'scorecard', 'participant-feedback'].map((k) => submitErrorTitle(k as never))).toEqual([
      'Error submitting feedback.',
      'Error submitting scorecard.',
      'Error submitting feedback.',
    ]);
  });
});

describe('the tabs of the scorecard page (spec 002 §2.3, §3)', () => {
  const learner = (displayTypeId: number, extra: Partial<ScorecardTabsInput> = {}) =>
    scorecardTabs({
      view: 'learner_complete',
      audience: 'learner',
      displayTypeId,
      sp: true,
      observerCount: 2,
      participant: true,
      ...extra,
    }).map((t) => t.label);

  it('maps every display type to the learner tabs', () => {
    const sp = 'SP Scorecard';
    const obs = ['Scorecard 1', 'Scorecard 2'];
    const pf = 'Participant Feedback';
    expect(learner(T.zero)).toEqual([pf]);
    expect(learner(T.none)).toEqual([pf]);
    expect(learner(T.feedback)).toEqual([sp, pf]);
    expect(learner(T.feedback_individual)).toEqual([sp, ...obs, pf]);
    expect(learner(T.feedback_merged)).toEqual([sp, 'Merged', pf]);
    expect(learner(T.feedback_individual_merged)).toEqual([sp, ...obs, 'Merged', pf]);
    expect(learner(T.individual)).toEqual([...obs, pf]);
    expect(learner(T.merged)).toEqual(['Merged', pf]);
    expect(learner(T.individual_merged)).toEqual([...obs, 'Merged', pf]);
  });

  it('leaves out what does not exist: no SP scorecard, no observer scorecards yet, no participant feedback', () => {
    expect(learner(T.feedback_individual_merged, { sp: false, observerCount: 0, participant: false })).toEqual([]);
    expect(learner(T.individual_merged, { observerCount: 1, participant: false })).toEqual(['Scorecard 1', 'Merged']);
  });

  it('shows staff every scorecard as Observer Scorecard n, whatever the display type', () => {
    const tabs = scorecardTabs({
      view: 'learner_complete',
      audience: 'staff',
      displayTypeId: T.none,
      sp: true,
      observerCount: 2,
      participant: false,
    });
    expect(tabs.map((t) => t.label)).toEqual(['SP Scorecard', 'Observer Scorecard 1', 'Observer Scorecard 2', 'Merged']);
    expect(tabs.map((t) => [t.kind, t.index])).toEqual([
      ['sp', undefined],
      ['observer', 0],
      ['observer', 1],
      ['merged', undefined],
    ]);
  });

  it('shows a scorer only their own form, in the form and observer_complete views', () => {
    for (const view of ['form', 'observer_complete'] as const) {
      expect(
        scorecardTabs({
          view,
          audience: 'scorer',
          displayTypeId: T.individual,
          ownKind: 'feedback-form',
          sp: true,
          observerCount: 3,
          participant: true,
        }),
      ).toEqual([{ id: 'own', label: 'SP Scorecard', kind: 'own' }]);
      expect(
        scorecardTabs({
          view,
          audience: 'scorer',
          displayTypeId: T.feedback,
          ownKind: 'scorecard',
          sp: true,
          observerCount: 0,
          participant: false,
        })[0]?.label,
      ).toBe('Observer Scorecard');
    }
    expect(
      scorecardTabs({
        view: 'form',
        audience: 'scorer',
        displayTypeId: T.feedback,
        ownKind: null,
        sp: true,
        observerCount: 0,
        participant: false,
      }),
    ).toEqual([]);
  });

  it('offers the nine display types of the spec as scenario settings', () => {
    expect(SCORECARD_DISPLAY_OPTIONS.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(displayParts(T.feedback_merged)).toEqual({ sp: true, individual: false, merged: true });
  });
});

describe('merged observer scorecards', () => {
  it('counts choices, averages Likert scores and keeps every free-text answer', () => {
    const merged = mergeScorecards(ITEMS, [
      {
        responses: [
          { question_id: 11, response: 201 },
          { question_id: 12, response: 4 },
          { question_id: 13, response: 301 },
          { question_id: 14, response: 'Warm' },
        ],
      },
      {
        responses: [
          { question_id: 11, response: 202 },
          { question_id: 12, response: 5 },
          { question_id: 13, response: 301 },
          { question_id: 14, response: 'Clear' },
        ],
      },
      {
        responses: [
          { question_id: 11, response: 201 },
          { question_id: 12, response: 2 },
        ],
      },
    ]);
    expect(merged.map((m) => m.merged)).toEqual([
      {
        type: 'choice',
        counts: [
          { answer_id: 201, answer: 'Yes', count: 2 },
          { answer_id: 202, answer: 'No', count: 1 },
        ],
        total: 3,
      },
      { type: 'likert', counts: [0, 1, 0, 1, 1], average: 3.7, total: 3 },
      {
        type: 'choice',
        counts: [
          { answer_id: 301, answer: 'Clear', count: 2 },
          { answer_id: 302, answer: 'Unclear', count: 0 },
        ],
        total: 2,
      },
      { type: 'text', texts: ['Warm', 'Clear'] },
    ]);
    expect(mergeScorecards(ITEMS, [])[1]?.merged).toEqual({ type: 'likert', counts: [0, 0, 0, 0, 0], average: null, total: 0 });
  });
});
