import type { Services } from './app-services';
import type { Config } from './config';
import type { Database } from './db/database';
import { composeServices } from './module';
import { MODULES } from './modules';

/** Creates every module's services, once per process, in modules.ts's order. */
export function createServices(db: Database, config: Config): Services {
  return composeServices(MODULES, db, config);
}
