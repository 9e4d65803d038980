import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { clock } from '../platform/clock';

/**
 * Demo rows for the super admin's Social Media Posts, Institutions and Client Admin Requests pages (issue 13
 * items 6–8), so `npm start` shows each page filled: two institutions, one post and one pending request (by the
 * demo observer, whom no journey approves).
 */
export async function seedDemoSocialInstitutions(trx: Transaction<DB>, ids: Map<string, number>): Promise<void> {
  await trx
    .insertInto('institutions')
    .values([
      { name: 'Northfield University School of Medicine', royalty_rate: 25 },
      { name: 'Lakeside College of Nursing', royalty_rate: 12.5 },
    ])
    .execute();
  await trx
    .insertInto('social_posts')
    .values({
      title: 'New telehealth scenarios this month',
      description: 'Practice a post-operative care call and an annual wellness visit with our standardized patients.',
      image_path: null,
      published_on: clock.now().toISOString().slice(0, 10),
    })
    .execute();
  const observer = ids.get('observer@demo.test');
  if (observer) await trx.insertInto('client_admin_requests').values({ user_id: observer, partner_id: 1, is_sim: false }).execute();
}
