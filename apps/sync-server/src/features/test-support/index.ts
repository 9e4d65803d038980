/** The public entry of features/test-support: the test clock and data factories, served only in test mode. */
export { testSupportRoutes } from './test-support.routes';
