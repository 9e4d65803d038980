import { type AvailabilityDoc, REPLICATED } from '@simvisit/schema';
import { sql } from 'kysely';
import { ForbiddenWrite, ownerAudience, type SyncCollection } from '../../sync/sync-collection';

/**
 * Availability replicates (spec 000 §2.13): an SP edits it offline on any device. Only the owner pulls and
 * writes their rows, and only with user.availability; the owner is judged on the stored row and the session.
 */
export const availabilityCollection: SyncCollection<AvailabilityDoc> = {
  // name, document schema and access: the shared descriptor, which the PWA's store opens too
  name: REPLICATED.availabilities.name,
  table: 'availabilities',
  schema: REPLICATED.availabilities.schema,
  access: REPLICATED.availabilities.access,
  scope: (actor) => sql<boolean>`user_id = ${actor.user.id}`,
  audience: ownerAudience('availabilities'),
  authorizeWrite(actor, stored, incoming) {
    if (stored && stored.user_id !== actor.user.id) throw new ForbiddenWrite('This availability belongs to another user.');
    if (incoming.user_id !== actor.user.id) throw new ForbiddenWrite('You can only write your own availability.');
  },
  columns: (doc) => ({
    user_id: doc.user_id,
    day: doc.day,
    start_time: doc.start_time,
    end_time: doc.end_time,
    timezone: doc.timezone,
  }),
};
