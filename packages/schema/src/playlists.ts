import { z } from 'zod';
import { idSchema, MAX_ID } from './ids';

/**
 * Playlists of scenarios (spec 001 §2, §3, §4, §5, §6, §7, §8). A playlist belongs to one user (user_id); the
 * owner reorders, removes, adds, renames and toggles public; others view public playlists and copy them.
 * docs/decisions/0020-playlists.md records the choices where the spec is silent.
 */

export const PLAYLIST_NAME_MAX = 255;
export const PLAYLIST_DESCRIPTION_MAX = 2_000;
/** A playlist is a short list for one person's practice; the cap keeps every read of it small. */
export const PLAYLIST_MAX_SCENARIOS = 100;

/** The spec's words (001 §5, §8) and the product's own where the spec is silent. */
export const PLAYLIST_MESSAGES = {
  nameRequired: 'A Name is Required',
  nameTooLong: `The name may not be longer than ${PLAYLIST_NAME_MAX} characters.`,
  descriptionTooLong: `The description may not be longer than ${PLAYLIST_DESCRIPTION_MAX} characters.`,
  publicInvalid: 'Public must be on or off.',
  scenarioRequired: 'Please select a scenario.',
  alreadyInPlaylist: 'This scenario is already in this playlist.',
  playlistFull: `A playlist can hold at most ${PLAYLIST_MAX_SCENARIOS} scenarios.`,
  reorderMismatch: 'The order must list every scenario of the playlist exactly once.',
  notFound: 'Playlist not found.',
  entryNotFound: 'This scenario is not in the playlist.',
  scenarioNotFound: 'Scenario not found.',
  // success notices
  created: 'Playlist created',
  updated: 'Playlist updated',
  deleted: 'Playlist deleted',
  copied: 'Playlist Copied!',
  scenarioAdded: 'Scenario added to playlist',
  scenarioRemoved: 'Scenario removed from playlist',
  reordered: 'Playlist reordered',
  // screen words (spec 001 §2)
  youOwn: 'You Own This Playlist',
  copy: 'Copy to My Playlists',
  noPlaylists: 'You Have no Playlist',
  noScenarios: 'You have no scenarios in this list',
  loadError: 'Error Loading Playlist',
} as const;
const M = PLAYLIST_MESSAGES;

/** Entry status numbers (spec 001 §4): 1 SCHEDULED, 2 COMPLETED, 3 PENDING; anything else NOT SCHEDULED. */
export const PLAYLIST_ENTRY_STATUS = { scheduled: 1, completed: 2, pending: 3 } as const;
export type PlaylistEntryStatusLabel = 'SCHEDULED' | 'COMPLETED' | 'PENDING' | 'NOT SCHEDULED';

export function playlistEntryStatusLabel(status: number | null | undefined): PlaylistEntryStatusLabel {
  switch (status) {
    case PLAYLIST_ENTRY_STATUS.scheduled:
      return 'SCHEDULED';
    case PLAYLIST_ENTRY_STATUS.completed:
      return 'COMPLETED';
    case PLAYLIST_ENTRY_STATUS.pending:
      return 'PENDING';
    default:
      return 'NOT SCHEDULED';
  }
}

/** The owner is the user whose id equals the playlist's user_id (spec 001 §6). */
export const isPlaylistOwner = (userId: number | null | undefined, playlist: { user_id: number }) =>
  userId !== null && userId !== undefined && userId === playlist.user_id;

/**
 * Where viewing an entry goes (spec 001 §4): the visit when the owner has one for the scenario, otherwise the
 * scenario overview. Only the owner gets status and visit; everyone else goes to the overview.
 */
export function playlistEntryPath(entry: { visit_id: number | null; scenario: { id: number } }): string {
  return entry.visit_id ? `/visit/${entry.visit_id}` : `/scenarios/${entry.scenario.id}/overview`;
}

// ---- requests ----
const id = idSchema();

export const playlistNameSchema = z
  .string({ error: M.nameRequired })
  .max(PLAYLIST_NAME_MAX, { error: M.nameTooLong })
  .refine((s) => s.trim() !== '', { error: M.nameRequired })
  .transform((s) => s.trim());
const description = z
  .string({ error: M.descriptionTooLong })
  .max(PLAYLIST_DESCRIPTION_MAX, { error: M.descriptionTooLong })
  .nullish()
  .transform((s) => (s?.trim() ? s.trim() : null));
/** Public as the PWA sends it (true/false) or as a Laravel client would (0/1). */
const publicFlag = z.union([z.boolean(), z.literal(0), z.literal(1)], { error: M.publicInvalid }).transform((v) => v === true || v === 1);

/** POST api/playlists {name, description}: the name is required, the description optional (spec 001 §5). */
export const createPlaylistRequestSchema = z.object({ name: playlistNameSchema, description });
export type CreatePlaylistRequest = z.infer<typeof createPlaylistRequestSchema>;

/** PUT api/playlists/{id} {name, public}: rename and toggle public; public may be left out to keep it. */
export const updatePlaylistRequestSchema = z.object({ name: playlistNameSchema, public: publicFlag.optional() });
export type UpdatePlaylistRequest = z.infer<typeof updatePlaylistRequestSchema>;

/** POST api/playlists/{id}/scenario {scenario_id}: the product's addition (the spec has no add call). */
export const addPlaylistScenarioRequestSchema = z.object({
  scenario_id: idSchema(M.scenarioRequired),
});
export type AddPlaylistScenarioRequest = z.infer<typeof addPlaylistScenarioRequestSchema>;

/** POST api/playlists/{id}/reorder {order: entry ids}: every entry the owner sees, each exactly once. */
export const reorderPlaylistRequestSchema = z.object({
  order: z
    .array(z.number().int().positive().max(MAX_ID), { error: M.reorderMismatch })
    .max(PLAYLIST_MAX_SCENARIOS, { error: M.reorderMismatch }),
});
export type ReorderPlaylistRequest = z.infer<typeof reorderPlaylistRequestSchema>;

export const playlistIdParamsSchema = z.object({ id });
export const playlistEntryParamsSchema = z.object({ id, entry_id: id });

// ---- responses ----
/** One scenario of a playlist (spec 001 §3). status and visit_id are the owner's; null for anyone else. */
export const playlistEntrySchema = z.object({
  id: z.number(),
  status: z.number().nullable(),
  visit_id: z.number().nullable(),
  patient_image: z.string().nullable(),
  scenario: z.object({ id: z.number(), title: z.string().nullable(), patient_name: z.string().nullable() }),
});
export type PlaylistEntry = z.infer<typeof playlistEntrySchema>;

/** A playlist (spec 001 §3) with the entries the caller may see, in order. */
export const playlistSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  public: z.union([z.literal(0), z.literal(1)]),
  owner: z.object({ id: z.number(), name: z.string() }),
  scenario_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  scenarios: z.array(playlistEntrySchema),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** A playlist in the public list: everything but the entries (scenario_count counts those the caller sees). */
export const playlistSummarySchema = playlistSchema.omit({ scenarios: true });
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const playlistListResponseSchema = z.object({ playlists: z.array(playlistSummarySchema) });
export const myPlaylistsResponseSchema = z.object({ playlists: z.array(playlistSchema) });
export const playlistResponseSchema = z.object({ playlist: playlistSchema });
export const playlistChangedResponseSchema = z.object({ message: z.string(), playlist: playlistSchema });
export const playlistCopiedResponseSchema = z.object({ message: z.string(), playlist_id: z.number(), playlist: playlistSchema });
