/**
 * Kysely's view of the tables created by the migrations in ./migrations. Each file in ./tables declares its
 * tables and adds them to DB by declaration merging, so no file holds the whole schema.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in ./tables
export interface DB {}

export type { SyncColumns } from './columns';
export * from './tables/payments';
export * from './tables/platform';
export * from './tables/requests';
export * from './tables/rubrics-playlists-forms';
export * from './tables/scenarios';
export * from './tables/visits';
