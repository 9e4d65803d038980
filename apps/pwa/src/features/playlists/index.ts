/** The playlists pages (decision 0020). */
export { playlistsRoutes } from './playlists-routes';
