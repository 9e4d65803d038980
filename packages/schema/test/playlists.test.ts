import { describe, expect, it } from 'vitest';
import {
  createPlaylistRequestSchema,
  isPlaylistOwner,
  playlistEntryPath,
  playlistEntryStatusLabel,
  reorderPlaylistRequestSchema,
  updatePlaylistRequestSchema,
} from '../src';

describe('playlist entry status labels (spec 001 §4)', () => {
  it('reads 1 SCHEDULED, 2 COMPLETED, 3 PENDING and anything else NOT SCHEDULED', () => {
    expect(playlistEntryStatusLabel(1)).toBe('SCHEDULED');
    expect(playlistEntryStatusLabel(2)).toBe('COMPLETED');
    expect(playlistEntryStatusLabel(3)).toBe('PENDING');
    for (const other of [null, undefined, 0, 4, -1]) expect(playlistEntryStatusLabel(other)).toBe('NOT SCHEDULED');
  });

  it('opens the visit when there is one, else the scenario overview', () => {
    expect(playlistEntryPath({ visit_id: 12, scenario: { id: 3 } })).toBe('/visit/12');
    expect(playlistEntryPath({ visit_id: null, scenario: { id: 3 } })).toBe('/scenarios/3/overview');
  });

  it('knows the owner by user id (spec 001 §6)', () => {
    expect(isPlaylistOwner(7, { user_id: 7 })).toBe(true);
    expect(isPlaylistOwner(8, { user_id: 7 })).toBe(false);
    expect(isPlaylistOwner(null, { user_id: 7 })).toBe(false);
  });
});

describe('playlist validation (spec 001 §5)', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

  it("requires a name ('A Name is Required') and keeps the description optional", () => {
    for (const name of ['', '   ', undefined, null]) {
      expect(messages(createPlaylistRequestSchema.safeParse({ name }))).toEqual(['A Name is Required']);
    }
    expect(createPlaylistRequestSchema.parse({ name: ' Cardio ' })).toEqual({ name: 'Cardio', description: null });
    expect(createPlaylistRequestSchema.parse({ name: 'Cardio', description: '  ' })).toEqual({ name: 'Cardio', description: null });
    expect(createPlaylistRequestSchema.parse({ name: 'Cardio', description: 'Hearts' }).description).toBe('Hearts');
  });

  it('takes public as a boolean or 0/1 and may leave it out', () => {
    expect(updatePlaylistRequestSchema.parse({ name: 'a', public: 1 }).public).toBe(true);
    expect(updatePlaylistRequestSchema.parse({ name: 'a', public: false }).public).toBe(false);
    expect(updatePlaylistRequestSchema.parse({ name: 'a' }).public).toBeUndefined();
    expect(updatePlaylistRequestSchema.safeParse({ name: 'a', public: 'yes' }).success).toBe(false);
    expect(messages(updatePlaylistRequestSchema.safeParse({ public: true }))).toEqual(['A Name is Required']);
  });

  it('takes a reorder as a list of entry ids', () => {
    expect(reorderPlaylistRequestSchema.parse({ order: [3, 1, 2] }).order).toEqual([3, 1, 2]);
    expect(reorderPlaylistRequestSchema.safeParse({ order: '3,1' }).success).toBe(false);
    expect(reorderPlaylistRequestSchema.safeParse({ order: [0] }).success).toBe(false);
  });
});
