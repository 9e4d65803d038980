import { randomUUID } from 'node:crypto';
import { type AvailabilityDoc, WEEKDAYS, type Weekday, weeklyTimeIn } from '@simvisit/schema';
import { notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { SyncService } from '../../sync/sync.service';
import type { AvailabilityRepository } from './availability.repository';
import { availabilityCollection } from './availability.sync';

interface Window {
  day: Weekday;
  start_time: string;
  end_time: string;
}

/**
 * Availability through the REST calls of spec 000 §7. Every write goes through the sync engine's write path,
 * so it replicates to the user's devices like an edit made offline.
 */
export function createAvailabilityService(repo: AvailabilityRepository, sync: SyncService) {
  async function list(userId: number, viewerZone?: string | null) {
    const zone = viewerZone ?? (await repo.timezoneOf(userId)) ?? 'UTC';
    const docs = await repo.ofUser(userId);
    return docs
      .map((d) => {
        const start = weeklyTimeIn({ day: d.day, time: d.start_time }, d.timezone, zone);
        const end = weeklyTimeIn({ day: d.day, time: d.end_time }, d.timezone, zone);
        return {
          id: d.id,
          day: d.day,
          start_time: d.start_time,
          end_time: d.end_time,
          timezone: d.timezone,
          local_day: start.day,
          local_start_time: start.time,
          local_end_time: end.time,
        };
      })
      .sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.start_time.localeCompare(b.start_time));
  }

  function doc(actor: Actor, id: string, w: Window, timezone: string, deleted = false): AvailabilityDoc {
    return {
      id,
      write_id: randomUUID(),
      _deleted: deleted,
      user_id: actor.user.id,
      day: w.day,
      start_time: w.start_time,
      end_time: w.end_time,
      timezone,
      updated_at: new Date().toISOString(),
    };
  }

  return {
    list,
    zoneOf: (userId: number) => repo.timezoneOf(userId),
    async add(actor: Actor, w: Window) {
      const zone = (await repo.timezoneOf(actor.user.id)) ?? 'UTC';
      await sync.write(availabilityCollection, actor, doc(actor, randomUUID(), w, zone));
      return list(actor.user.id);
    },
    /** Another user's ua_id is 404 (VAL-01). */
    async update(actor: Actor, id: string, w: Window) {
      const existing = await repo.one(actor.user.id, id);
      if (!existing) throw notFound();
      await sync.write(availabilityCollection, actor, doc(actor, id, w, existing.timezone));
      return list(actor.user.id);
    },
    async remove(actor: Actor, target: { id?: string; day?: Weekday }) {
      const docs = target.id ? [await repo.one(actor.user.id, target.id)] : await repo.ofDay(actor.user.id, target.day!);
      if (target.id && !docs[0]) throw notFound();
      for (const d of docs) if (d) await sync.write(availabilityCollection, actor, doc(actor, d.id, d, d.timezone, true));
      return list(actor.user.id);
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
