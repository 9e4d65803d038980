import type { PlaylistsService } from './playlists.service';

/** The public entry of features/playlists: other modules import only what is exported here. */
export { createPlaylistsRepository } from './playlists.repository';
export { playlistsRoutes } from './playlists.routes';
export { createPlaylistsService } from './playlists.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    playlists: PlaylistsService;
  }
}
