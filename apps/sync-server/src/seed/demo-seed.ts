import { ROLE } from '@simvisit/schema';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { createNotificationsRepository } from '../features/notifications';
import { clock } from '../platform/clock';
import { hashPassword } from '../platform/passwords';
import { seedDemoFinancials } from './demo-financials';
import { seedDemoLanding } from './demo-landing';
import { seedDemoQuotes } from './demo-quotes';
import { seedDemoScenarios } from './demo-scenarios';
import { seedDemoSeatUsage } from './demo-seat-usage';
import { seedDemoSocialInstitutions } from './demo-social-institutions';
import { seedDemoVisits } from './demo-visits';
import { WELCOME_NOTIFICATION } from './welcome-notification';

export const DEMO_PASSWORD = 'demo-pass-2026';

const PARTNERS = [
  { id: 1, slug: 'sp', short_name: 'SimVisit', long_name: 'SimVisit', is_sim: false, seats: 500, used_seats: 120 },
  {
    id: 2,
    slug: 'northfield',
    short_name: 'Northfield',
    long_name: 'Northfield University',
    is_sim: false,
    seats: 120,
    used_seats: 101,
    enable_password: true,
    password: 'NORTH-2026',
  },
  { id: 3, slug: 'lakeside', short_name: 'Lakeside', long_name: 'Lakeside College of Nursing', is_sim: false, seats: 80, used_seats: 22 },
  { id: 28, slug: 'simclusive', short_name: 'Simclusive', long_name: 'Simclusive', is_sim: true, seats: 200, used_seats: 64 },
  {
    id: 29,
    slug: 'harbor-health',
    short_name: 'Harbor Health',
    long_name: 'Harbor Health System',
    is_sim: true,
    seats: 40,
    used_seats: 35,
  },
];

type Grant = [roleId: number, partnerId: number, approved?: boolean, payRate?: number];

const USERS: { email: string; first: string; last: string; superAdmin?: boolean; grants: Grant[] }[] = [
  {
    email: 'superadmin@demo.test',
    first: 'Sam',
    last: 'Super',
    superAdmin: true,
    grants: [
      [ROLE.admin, 1],
      [ROLE.admin, 28],
    ],
  },
  { email: 'admin@demo.test', first: 'Avery', last: 'Admin', grants: [[ROLE.admin, 1]] },
  { email: 'learner@demo.test', first: 'Lee', last: 'Learner', grants: [[ROLE.learner, 1]] },
  { email: 'sp@demo.test', first: 'Pat', last: 'Patient', grants: [[ROLE.standardized_patient, 1, true, 40]] },
  // A second SP with no visits, for people trying the demo (journeys make SPs of their own, tests/README.md).
  { email: 'sp2@demo.test', first: 'Sky', last: 'Standard', grants: [[ROLE.standardized_patient, 1, true, 40]] },
  { email: 'observer@demo.test', first: 'Olive', last: 'Observer', grants: [[ROLE.observer, 1, true, 25]] },
  { email: 'trainer@demo.test', first: 'Terry', last: 'Trainer', grants: [[ROLE.trainer, 1, true, 35]] },
  {
    email: 'headtrainer@demo.test',
    first: 'Harper',
    last: 'Head',
    grants: [
      [ROLE.trainer, 1, true, 35],
      [ROLE.head_trainer, 1, true, 45],
    ],
  },
  {
    email: 'reviewer@demo.test',
    first: 'Riley',
    last: 'Reviewer',
    grants: [
      [ROLE.reviewer, 1],
      [ROLE.author, 1],
    ],
  },
  {
    email: 'author@demo.test',
    first: 'Alex',
    last: 'Author',
    grants: [
      [ROLE.author, 1],
      [ROLE.author, 28, true, 150],
    ],
  },
  {
    email: 'clientadmin@demo.test',
    first: 'Casey',
    last: 'Client',
    grants: [
      [ROLE.client_admin, 28],
      [ROLE.client_admin, 2],
      [ROLE.client_admin, 3],
    ],
  },
  { email: 'finance@demo.test', first: 'Frankie', last: 'Finance', grants: [[ROLE.financial_admin, 1]] },
  {
    email: 'applicant@demo.test',
    first: 'Ari',
    last: 'Applicant',
    grants: [
      [ROLE.applicant, 1],
      [ROLE.standardized_patient, 1, false],
      [ROLE.observer, 1, false],
    ],
  },
  { email: 'learner2@demo.test', first: 'Logan', last: 'Learner', grants: [[ROLE.learner, 2]] },
  // Learners of sp with no visits or requests, to try booking with (the journeys make learners of their own).
  { email: 'booker@demo.test', first: 'Rowan', last: 'Booker', grants: [[ROLE.learner, 1]] },
  { email: 'trainee@demo.test', first: 'Taylor', last: 'Trainee', grants: [[ROLE.learner, 1]] },
];

/** The demo data of DESIGN.md §3, written into an empty database (also the fixtures of the tests). */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.selectFrom('partners').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const notifications = createNotificationsRepository(db);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('partners').values(PARTNERS).execute();
    await sql`SELECT setval(pg_get_serial_sequence('partners', 'id'), (SELECT max(id) FROM partners))`.execute(trx);

    const ids = new Map<string, number>();
    const tz = await trx.selectFrom('timezones').select('id').where('short_name', '=', 'America/New_York').executeTakeFirst();
    for (const u of USERS) {
      const row = await trx
        .insertInto('users')
        .values({
          email: u.email,
          password: passwordHash,
          super_admin: u.superAdmin ?? false,
          first_name: u.first,
          last_name: u.last,
          timezone_id: tz?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(u.email, row.id);
      await trx
        .insertInto('user_roles')
        .values(
          u.grants.map(([role_id, partner_id, approved, rate]) => ({
            user_id: row.id,
            role_id,
            partner_id,
            is_approved: approved ?? true,
            pay_rate: rate ?? null,
            // dated by the app clock, as is the first pay_rate_history entry (decision 0078)
            created_at: clock.now(),
            updated_at: clock.now(),
          })),
        )
        .execute();
      await notifications.create(row.id, WELCOME_NOTIFICATION, trx);
    }

    const clientAdmin = ids.get('clientadmin@demo.test')!;
    await trx
      .insertInto('client_admin_partners')
      .values([
        { user_id: clientAdmin, partner_id: 2 },
        { user_id: clientAdmin, partner_id: 3 },
      ])
      .execute();

    const applicant = ids.get('applicant@demo.test')!;
    const application = await trx
      .insertInto('applications')
      .values({ user_id: applicant, partner_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('application_roles')
      .values([
        { application_id: application.id, role_id: ROLE.standardized_patient },
        { application_id: application.id, role_id: ROLE.observer },
      ])
      .execute();
    const quoteRequest = await trx
      .insertInto('quote_requests')
      .values({ user_id: applicant, partner_id: 28, title: 'Simclusive program for 40 learners' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('quotes').values({ quote_request_id: quoteRequest.id }).execute();

    const heard = await trx
      .insertInto('registration_fields')
      .values({ title: 'How did you hear about us?', field_type: 'select', partner_id: 0, position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('registration_select_values')
      .values(
        ['My school or program', 'A colleague', 'A conference', 'Web search', 'Other'].map((title, position) => ({
          registration_field_id: heard.id,
          title,
          short_name: null,
          position,
        })),
      )
      .execute();
    await trx
      .insertInto('registration_fields')
      .values({ title: 'Student ID', field_type: 'input', partner_id: 2, required: true, position: 2 })
      .execute();
    await seedDemoScenarios(trx, ids);
    await seedDemoVisits(trx, ids);
    await seedDemoFinancials(trx, ids);
    await seedDemoSocialInstitutions(trx, ids);
    await seedDemoLanding(trx, new Date().toISOString().slice(0, 10));
    await seedDemoQuotes(trx, ids, passwordHash, new Date().toISOString().slice(0, 10));
    await seedDemoSeatUsage(trx, new Date().toISOString().slice(0, 10));
  });
  return true;
}
