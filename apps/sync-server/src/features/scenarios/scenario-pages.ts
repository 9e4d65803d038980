/**
 * The read-only views of one scenario: its detail, the learner's brief to share, the print view, the verbal
 * feedback fields, its tags, and the learner's scheduling overview.
 */
import { LEARNER_BRIEF_FIELD_ID, type ScenarioDoc, VERBAL_FEEDBACK_FIELD_ID } from '@simvisit/schema';
import type { Actor } from '../../platform/actor';
import type { ScenarioContext } from './scenario-context';

export function createScenarioPages({ repo, payments, visitRequests, visible, detail, fieldsOf }: ScenarioContext) {
  return {
    detail: async (actor: Actor, id: number) => ({ scenario: await detail(actor, id) }),

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
  };
}
