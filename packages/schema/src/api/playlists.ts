import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import {
  addPlaylistScenarioRequestSchema,
  createPlaylistRequestSchema,
  myPlaylistsResponseSchema,
  playlistChangedResponseSchema,
  playlistCopiedResponseSchema,
  playlistEntryParamsSchema,
  playlistIdParamsSchema,
  playlistListResponseSchema,
  playlistResponseSchema,
  reorderPlaylistRequestSchema,
  updatePlaylistRequestSchema,
} from '../playlists';

/*
 * Playlist calls of spec 001 §7 with their exact paths (DELETE api/playlist/{id} is singular, as the spec
 * spells it), plus POST api/playlists/{id}/scenario, the add call the spec lacks (docs/decisions/0020).
 * Every signed-in user keeps playlists; the service does the object checks (owner only for changes, 404 for
 * anyone else's, AUTHZ-13).
 */
const tag = 'Playlists';
const signedIn = { type: 'authenticated' } as const;

export const playlistsApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/playlists',
    tag,
    summary: "Public playlists at the caller's partner and the caller's own, each with the count of scenarios the caller may see",
    access: signedIn,
    scope: 'partner',
    response: playlistListResponseSchema,
  }),
  mine: defineContract({
    method: 'GET',
    path: '/api/my-playlists',
    tag,
    summary: "The caller's playlists with their scenarios",
    access: signedIn,
    scope: 'self',
    response: myPlaylistsResponseSchema,
  }),
  show: defineContract({
    method: 'GET',
    path: '/api/playlists/:id',
    tag,
    summary: 'One playlist (own, or public at the partner) with the scenarios the caller may see',
    access: signedIn,
    scope: 'object',
    params: playlistIdParamsSchema,
    response: playlistResponseSchema,
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/playlists',
    tag,
    summary: "Create a private playlist {name, description}; 'A Name is Required'",
    access: signedIn,
    scope: 'self',
    body: createPlaylistRequestSchema,
    response: playlistChangedResponseSchema,
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/playlists/:id',
    tag,
    summary: 'Rename the playlist and toggle public (owner only)',
    access: signedIn,
    scope: 'object',
    params: playlistIdParamsSchema,
    body: updatePlaylistRequestSchema,
    response: playlistChangedResponseSchema,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/playlist/:id',
    tag,
    summary: 'Delete the playlist (owner only; the path is singular as the spec spells it)',
    access: signedIn,
    scope: 'object',
    params: playlistIdParamsSchema,
    response: messageSchema,
  }),
  copy: defineContract({
    method: 'POST',
    path: '/api/playlists/:id/copy',
    tag,
    summary: "Copy a visible playlist into a new private playlist of the caller ('Playlist Copied!')",
    access: signedIn,
    scope: 'object',
    params: playlistIdParamsSchema,
    response: playlistCopiedResponseSchema,
  }),
  addScenario: defineContract({
    method: 'POST',
    path: '/api/playlists/:id/scenario',
    tag,
    summary: 'Add a scenario the owner may open to the end of the playlist (owner only; each scenario once)',
    access: signedIn,
    scope: 'object',
    params: playlistIdParamsSchema,
    body: addPlaylistScenarioRequestSchema,
    response: playlistChangedResponseSchema,
  }),
  removeScenario: defineContract({
    method: 'DELETE',
    path: '/api/playlists/:id/scenario/:entry_id',
    tag,
    summary: 'Remove one entry from the playlist (owner only)',
    access: signedIn,
    scope: 'object',
    params: playlistEntryParamsSchema,
    response: playlistChangedResponseSchema,
  }),
  reorder: defineContract({
    method: 'POST',
    path: '/api/playlists/:id/reorder',
    tag,
    summary: 'Reorder the playlist: order lists each entry the owner sees exactly once (owner only)',
    access: signedIn,
    scope: 'object',
    params: playlistIdParamsSchema,
    body: reorderPlaylistRequestSchema,
    response: playlistChangedResponseSchema,
  }),
};
