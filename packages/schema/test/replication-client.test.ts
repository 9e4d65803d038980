import { describe, expect, it } from 'vitest';
import {
  availabilityByLocalDay,
  availabilityDocSchema,
  availabilityDraftErrors,
  availabilityForStorage,
  availabilityInZone,
  databaseNameForUser,
  describeWindow,
  formatClockTime,
  isMissingData,
  LOCAL_CHANGES_COLLECTION,
  lastSyncLabel,
  localChangeId,
  localChangeSchema,
  MAX_STORE_COLLECTIONS,
  mergeNotificationFlags,
  NOTIFICATION_OWNER_FIELDS,
  notificationDocSchema,
  notificationOwnerChange,
  pullPath,
  REPLICATED_COLLECTIONS,
  STORE_SCHEMAS,
  sameDocContent,
  syncedAgoLabel,
  syncFailureOf,
  syncPath,
  unsyncedChangesLabel,
} from '../src';

const availability = {
  id: 'a1',
  write_id: 'w1',
  _deleted: false,
  user_id: 7,
  day: 'Monday' as const,
  start_time: '09:00',
  end_time: '11:30',
  timezone: 'America/New_York',
  updated_at: '2026-01-05T10:00:00.000Z',
};

const notification = {
  id: 'n1',
  write_id: 'w1',
  _deleted: false,
  user_id: 7,
  title: 'Welcome',
  content: null,
  icon: 'none' as const,
  color: 'white' as const,
  type: 'dismiss' as const,
  payload: { link: '/dashboard' },
  is_read: false,
  is_archived: false,
  created_at: '2026-01-05T10:00:00.000Z',
};

// A winter week (no daylight-saving change) so offsets are fixed: New York UTC-5, Los Angeles UTC-8.
const WINTER = new Date('2026-01-07T12:00:00Z');

describe('local store schemas (DESIGN.md §5)', () => {
  it('stays well below the free build collection limit', () => {
    expect(Object.keys(STORE_SCHEMAS)).toHaveLength(REPLICATED_COLLECTIONS.length + 1);
    expect(Object.keys(STORE_SCHEMAS).length).toBeLessThanOrEqual(MAX_STORE_COLLECTIONS);
    expect(Object.keys(STORE_SCHEMAS)).toContain(LOCAL_CHANGES_COLLECTION);
  });

  it('derives each replicated collection from its zod document schema', () => {
    for (const [name, zod] of [
      ['availabilities', availabilityDocSchema],
      ['notifications', notificationDocSchema],
    ] as const) {
      const schema = STORE_SCHEMAS[name];
      expect(schema.version).toBe(0);
      expect(schema.primaryKey).toBe('id');
      expect(schema.properties.id).toMatchObject({ type: 'string', maxLength: 64 });
      // The store adds _deleted itself; every other field of the document is declared.
      expect(schema.properties).not.toHaveProperty('_deleted');
      const zodKeys = Object.keys((zod as unknown as { shape?: Record<string, unknown> }).shape ?? {});
      if (zodKeys.length) expect(Object.keys(schema.properties).sort()).toEqual(zodKeys.filter((k) => k !== '_deleted').sort());
      expect(schema.required).toContain('write_id');
      expect(schema.required).not.toContain('_deleted');
    }
    expect(Object.keys(STORE_SCHEMAS.availabilities.properties).sort()).toEqual(
      ['day', 'end_time', 'id', 'start_time', 'timezone', 'updated_at', 'user_id', 'write_id'].sort(),
    );
  });

  it('bounds the local-changes key and parses its entries', () => {
    expect(STORE_SCHEMAS[LOCAL_CHANGES_COLLECTION].properties.id).toMatchObject({ maxLength: 200 });
    const id = localChangeId('conflict', 'availabilities', 'a1');
    expect(id).toBe('conflict:availabilities:a1');
    expect(
      localChangeSchema.safeParse({
        id,
        kind: 'conflict',
        collection_name: 'availabilities',
        doc_id: 'a1',
        write_id: 'w2',
        mine: availability,
        theirs: { ...availability, write_id: 'w3' },
        message: '',
        errors: {},
        created_at: new Date().toISOString(),
      }).success,
    ).toBe(true);
  });

  it('names one database per user', () => {
    expect(databaseNameForUser(12)).toBe('simvisit-user-12');
    expect(databaseNameForUser(12)).toMatch(/^[a-z][_$a-z0-9-]*$/);
    expect(() => databaseNameForUser(0)).toThrow();
  });
});

describe('replication client rules', () => {
  it('builds the versioned sync paths with an encoded checkpoint', () => {
    expect(pullPath('availabilities', null, 200)).toBe('/sync/v1/availabilities/pull?limit=200');
    const path = pullPath('notifications', { epoch: 'e1', xid: '12', seq: '3' }, 50);
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/sync/v1/notifications/pull');
    expect(JSON.parse(url.searchParams.get('checkpoint')!)).toEqual({ epoch: 'e1', xid: '12', seq: '3' });
    expect(syncPath('availabilities', 'push')).toBe('/sync/v1/availabilities/push');
    expect(syncPath('availabilities', 'stream')).toBe('/sync/v1/availabilities/stream');
  });

  it('compares documents by content, not by write id or edit time', () => {
    expect(sameDocContent(availability, { ...availability, write_id: 'other', updated_at: 'later' })).toBe(true);
    expect(sameDocContent(availability, { ...availability, end_time: '12:00' })).toBe(false);
    expect(sameDocContent(availability, { ...availability, _deleted: true })).toBe(false);
    const { _deleted, ...withoutDeleted } = availability;
    expect(sameDocContent(availability, withoutDeleted)).toBe(true);
    expect(sameDocContent({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toBe(true);
    expect(sameDocContent(null, availability)).toBe(false);
  });

  it('changes only the fields a notification owner may change, with a new write id', () => {
    const read = notificationOwnerChange(notification, { is_read: true }, 'w2');
    expect(read).toEqual({ ...notification, is_read: true, write_id: 'w2' });
    const deleted = notificationOwnerChange(notification, { _deleted: true }, 'w3');
    const changed = Object.keys(deleted).filter(
      (k) => (deleted as Record<string, unknown>)[k] !== (notification as Record<string, unknown>)[k],
    );
    for (const key of changed) expect(NOTIFICATION_OWNER_FIELDS as readonly string[]).toContain(key);
    expect(notificationDocSchema.safeParse(read).success).toBe(true);
  });

  it('merges notification flags from two devices without losing either', () => {
    const mine = { ...notification, is_archived: true, write_id: 'mine' };
    const theirs = { ...notification, is_read: true, write_id: 'theirs' };
    expect(mergeNotificationFlags(mine, theirs)).toEqual({ ...theirs, is_read: true, is_archived: true, _deleted: false });
    expect(mergeNotificationFlags({ ...notification, is_read: true }, theirs)).toBeNull();
    expect(mergeNotificationFlags({ ...notification, _deleted: true }, theirs)?._deleted).toBe(true);
  });

  it('labels the last sync time and pending changes', () => {
    const now = Date.parse('2026-01-07T12:00:00Z');
    expect(syncedAgoLabel(null, now)).toBe('Not synced yet');
    expect(syncedAgoLabel(now - 20_000, now)).toBe('Synced just now');
    expect(syncedAgoLabel(now - 2 * 60_000, now)).toBe('Synced 2 min ago');
    expect(syncedAgoLabel(now - 3 * 3600_000, now)).toBe('Synced 3 h ago');
    expect(syncedAgoLabel(now - 24 * 3600_000, now)).toBe('Synced 1 day ago');
    expect(syncedAgoLabel(now - 72 * 3600_000, now)).toBe('Synced 3 days ago');
    expect(syncedAgoLabel(now + 5000, now)).toBe('Synced just now');
    expect(unsyncedChangesLabel(1)).toBe('1 unsynced change');
    // Offline the label says when the device last reached the server, never that it synced just now.
    expect(lastSyncLabel(now - 20_000, now, true)).toBe('Synced just now');
    expect(lastSyncLabel(now - 20_000, now, false)).toBe('Last synced under a minute ago');
    expect(lastSyncLabel(now - 2 * 60_000, now, false)).toBe('Last synced 2 min ago');
    expect(lastSyncLabel(null, now, false)).toBe('Not synced yet');
    expect(unsyncedChangesLabel(3)).toBe('3 unsynced changes');
  });

  it('tells what a failed sync call means', () => {
    expect(syncFailureOf(0)).toBe('offline');
    expect(syncFailureOf(401)).toBe('signed-out');
    expect(syncFailureOf(419)).toBe('signed-out');
    expect(syncFailureOf(426)).toBe('outdated');
    expect(syncFailureOf(403)).toBe('forbidden');
    expect(syncFailureOf(500)).toBe('server');
  });
});

describe('availability editor rules (spec 000 §2.13)', () => {
  it('asks for missing times with the spec messages', () => {
    const missingStart = availabilityDraftErrors({ day: 'Monday', start_time: '', end_time: '10:00' });
    expect(missingStart).toEqual({ start_time: ['Please enter a Start Time before saving'] });
    expect(isMissingData(missingStart)).toBe(true);
    const missingEnd = availabilityDraftErrors({ day: 'Monday', start_time: '09:00', end_time: '' });
    expect(missingEnd).toEqual({ end_time: ['Please enter an Ending Time before saving'] });
    const both = availabilityDraftErrors({ day: 'Monday', start_time: '', end_time: '' });
    expect(Object.keys(both!).sort()).toEqual(['end_time', 'start_time']);
  });

  it('keeps times on the 30-minute grid and in order', () => {
    expect(availabilityDraftErrors({ day: 'Monday', start_time: '09:15', end_time: '10:00' })).toEqual({
      start_time: ['Times must be on the hour or half hour.'],
    });
    const reversed = availabilityDraftErrors({ day: 'Monday', start_time: '11:00', end_time: '10:00' });
    expect(reversed).toEqual({ end_time: ['The ending time must be after the start time.'] });
    expect(isMissingData(reversed)).toBe(false);
    expect(availabilityDraftErrors({ day: 'Monday', start_time: '09:00', end_time: '09:30' })).toBeNull();
  });

  it('shows a window stored in another zone in local time', () => {
    const la = { ...availability, timezone: 'America/Los_Angeles' };
    expect(availabilityInZone(la, 'America/New_York', WINTER)).toEqual({
      day: 'Monday',
      start_time: '12:00',
      end_time: '14:30',
      ends_next_day: false,
    });
    const late = { ...la, start_time: '20:00', end_time: '22:00' };
    expect(availabilityInZone(late, 'America/New_York', WINTER)).toEqual({
      day: 'Monday',
      start_time: '23:00',
      end_time: '01:00',
      ends_next_day: true,
    });
    expect(availabilityInZone(availability, 'America/New_York', WINTER)).toMatchObject({ start_time: '09:00', end_time: '11:30' });
  });

  it('groups windows by local weekday in start order and leaves deleted ones out', () => {
    const docs = [
      { ...availability, id: 'b', start_time: '13:00', end_time: '14:00' },
      { ...availability, id: 'a' },
      { ...availability, id: 'gone', _deleted: true },
      { ...availability, id: 'sat', day: 'Saturday' as const },
      // Sunday 01:00 in New York is Saturday 22:00 in Los Angeles.
      { ...availability, id: 'shifted', day: 'Sunday' as const, start_time: '01:00', end_time: '02:00' },
    ];
    const byDay = availabilityByLocalDay(docs, 'America/Los_Angeles', WINTER);
    expect(byDay.Monday.map((e) => e.doc.id)).toEqual(['a', 'b']);
    expect(byDay.Saturday.map((e) => e.doc.id)).toEqual(['sat', 'shifted']);
    expect(byDay.Sunday).toEqual([]);
    expect(Object.keys(byDay)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it("stores a window in the user's time zone when it fits, else in the zone it was entered in", () => {
    const draft = { day: 'Monday' as const, start_time: '12:00', end_time: '14:30' };
    expect(availabilityForStorage(draft, 'America/New_York', 'America/Los_Angeles', WINTER)).toEqual({
      day: 'Monday',
      start_time: '09:00',
      end_time: '11:30',
      timezone: 'America/Los_Angeles',
    });
    expect(availabilityForStorage(draft, 'America/New_York', null, WINTER)).toEqual({ ...draft, timezone: 'America/New_York' });
    // Monday 02:00-04:00 in New York is Sunday 23:00 to Monday 01:00 in Los Angeles: not one day there, so
    // the window is kept in the zone it was entered in.
    const crossing = { day: 'Monday' as const, start_time: '02:00', end_time: '04:00' };
    expect(availabilityForStorage(crossing, 'America/New_York', 'America/Los_Angeles', WINTER)).toEqual({
      ...crossing,
      timezone: 'America/New_York',
    });
    // Kathmandu is UTC+5:45: the user's zone would leave the 30-minute grid.
    expect(availabilityForStorage(draft, 'UTC', 'Asia/Kathmandu', WINTER).timezone).toBe('UTC');
    const stored = availabilityForStorage(draft, 'America/New_York', 'America/Los_Angeles', WINTER);
    expect(availabilityDocSchema.safeParse({ ...availability, ...stored }).success).toBe(true);
  });

  it('formats times and windows for notices', () => {
    expect(formatClockTime('00:30')).toBe('12:30 am');
    expect(formatClockTime('12:00')).toBe('12:00 pm');
    expect(formatClockTime('17:30')).toBe('5:30 pm');
    expect(describeWindow({ day: 'Monday', start_time: '09:00', end_time: '17:00' })).toBe('Monday 9:00 am – 5:00 pm');
  });
});
