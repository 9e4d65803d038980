import { defineModule } from '../../module';
import { loadScenarioFacts } from '../scenario-facts';
import { createPlaylistsRepository } from './playlists.repository';
import { playlistsRoutes } from './playlists.routes';
import type { PlaylistsService } from './playlists.service';
import { createPlaylistsService } from './playlists.service';

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

export const playlistsModule = defineModule({
  name: 'playlists',
  services: ({ db, services }) => ({
    playlists: createPlaylistsService({
      repo: createPlaylistsRepository(db),
      scenarioFacts: (scenarioId, viewerId) => loadScenarioFacts(db, scenarioId, viewerId),
      progress: services.visitRequests.progressOf,
    }),
  }),
  routes: playlistsRoutes,
});
