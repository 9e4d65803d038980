import { defineModule } from '../../module';
import { testSupportRoutes } from './test-support.routes';

/** The public entry of features/test-support: the test clock and data factories, served only in test mode. */
export { testSupportRoutes } from './test-support.routes';

/** The /api/test/* routes: served only with TEST_MODE (createApp leaves them out otherwise). */
export const testSupportModule = defineModule({ name: 'test-support', routes: testSupportRoutes });
