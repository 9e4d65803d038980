import { defineModule } from '../../module';
import type { LookupsRepository } from './lookups.repository';
import { createLookupsRepository } from './lookups.repository';
import { lookupsRoutes } from './lookups.routes';

/** The public entry of features/lookups: other modules import only what is exported here. */
export { createLookupsRepository } from './lookups.repository';
export { lookupsRoutes } from './lookups.routes';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    lookups: Pick<LookupsRepository, 'list' | 'one'>;
  }
}

export const lookupsModule = defineModule({
  name: 'lookups',
  services: ({ db }) => {
    const repo = createLookupsRepository(db);
    return { lookups: { list: repo.list, one: repo.one } };
  },
  routes: lookupsRoutes,
});
