import { ROLE, SCENARIO_STATUS } from '@simvisit/schema';
import type { Database, Executor } from '../../db/database';
import { insertApplicantAccount, type NewApplicantAccount } from '../applying';

/** What a quote request stores beside its scenarios (quote_requests; the names and email are the account's). */
export interface NewQuoteRequest {
  partnerId: number;
  title: string;
  mobileNumber: string;
  jobTitle: string;
  companyName: string;
  address1: string;
  address2: string | null;
  city: string;
  stateId: number;
  zip: string;
  scenarios: { scenario_id: string; scenario_count: number }[];
  now: Date;
}

async function insertRequest(ex: Executor, userId: number, r: NewQuoteRequest): Promise<number> {
  const row = await ex
    .insertInto('quote_requests')
    .values({
      user_id: userId,
      partner_id: r.partnerId,
      title: r.title,
      mobile_number: r.mobileNumber,
      job_title: r.jobTitle,
      company_name: r.companyName,
      address_1: r.address1,
      address_2: r.address2,
      city: r.city,
      state_id: r.stateId,
      zip: r.zip,
      created_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ex
    .insertInto('quote_request_scenarios')
    .values(r.scenarios.map((s) => ({ quote_request_id: row.id, scenario_id: s.scenario_id, scenario_count: s.scenario_count })))
    .execute();
  return row.id;
}

/** The quote request's own writes and reads (issue 19 item 1, decision 0073); quote management is quotes.repository. */
export function createQuoteRequestRepository(db: Database) {
  return {
    /** The scenarios among `ids` published at the partner, with their titles (for the mails). */
    publishedAmong: (partnerId: number, ids: string[]) =>
      db
        .selectFrom('scenarios as s')
        .innerJoin('scenario_partners as sp', 'sp.scenario_id', 's.id')
        .select(['s.id', 's.title'])
        .where('sp.partner_id', '=', partnerId)
        .where('s.status', '=', SCENARIO_STATUS.published)
        .where('s.id', 'in', ids)
        .execute(),
    usState: (id: number) =>
      db.selectFrom('states').select(['id', 'short_name']).where('id', '=', id).where('country_code', '=', 'US').executeTakeFirst(),

    /** A signed-in requester's request; they also become an applicant at the partner to see it on that dashboard. */
    createForUser: (userId: number, r: NewQuoteRequest) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user_roles')
          .values({
            user_id: userId,
            role_id: ROLE.applicant,
            partner_id: r.partnerId,
            is_approved: true,
            created_at: r.now,
            updated_at: r.now,
          })
          .onConflict((oc) => oc.columns(['user_id', 'role_id', 'partner_id']).doNothing())
          .execute();
        return insertRequest(trx, userId, r);
      }),

    /** A new applicant account, its confirmation link and the request, all or nothing. */
    createWithAccount: (account: NewApplicantAccount, r: NewQuoteRequest) =>
      db.transaction().execute(async (trx) => {
        const userId = await insertApplicantAccount(trx, account);
        return { userId, requestId: await insertRequest(trx, userId, r) };
      }),
  };
}
export type QuoteRequestRepository = ReturnType<typeof createQuoteRequestRepository>;
