import { scenarioListsApi } from './scenario-lists';
import { scenarioPagesApi } from './scenario-pages';
import { scenarioSettingsApi } from './scenario-settings';

/**
 * Every scenario call of spec 001 §7 (paths as documented, `udpate` included), declared by sub-resource in
 * scenario-lists.ts, scenario-pages.ts and scenario-settings.ts so that each file stays small.
 */
export const scenariosApi = { ...scenarioListsApi, ...scenarioPagesApi, ...scenarioSettingsApi };
