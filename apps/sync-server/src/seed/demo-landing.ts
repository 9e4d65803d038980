import { addDays } from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { sanitizeRichText } from '../platform/rich-text';

/**
 * Demo content of the landing pages (issue 13 items 6, 7, 9): an author and two articles on Simclusive's public
 * page (/p/simclusive), one published and one scheduled, and its welcome header and message, so the screens have
 * something to show in `npm start`. Dates are relative to the day the demo is seeded.
 */
export async function seedDemoLanding(trx: Transaction<DB>, today: string): Promise<void> {
  const author = await trx
    .insertInto('authors')
    .values({ full_name: 'Dr. Maya Okafor', biosketch: 'Family physician and simulation educator.' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('articles')
    .values([
      {
        partner_id: 28,
        author_id: author.id,
        title: 'Why practise with standardized patients?',
        description: 'Rehearsing difficult conversations before they happen makes them easier for clinicians and patients.',
        article_text: sanitizeRichText(
          '<p>Simulated visits let learners practise <strong>safely</strong>.</p><ul><li>Realistic cases</li><li>Structured feedback</li></ul>',
        ),
        published_on: addDays(today, -3),
      },
      {
        partner_id: 28,
        author_id: author.id,
        title: 'Coming soon: group sessions',
        description: 'Scheduled for next week.',
        article_text: '<p>More soon.</p>',
        published_on: addDays(today, 7),
      },
    ])
    .execute();
  await trx
    .updateTable('partners')
    .set({
      welcome_header: 'Inclusive simulation for every learner',
      welcome_message: '<p>Practise with standardized patients, anywhere.</p>',
    })
    .where('id', '=', 28)
    .execute();
}
