import { defineModule } from '../../module';
import { configRoutes } from './config.routes';

/** The public entry of features/config: other modules import only what is exported here. */
export { configRoutes } from './config.routes';

export const configModule = defineModule({ name: 'config', routes: configRoutes });
