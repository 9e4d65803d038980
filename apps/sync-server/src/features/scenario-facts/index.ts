/**
 * The public entry of features/scenario-facts: what every scenario rule needs to know about one scenario, read
 * by scenarios, scenario forms, visit requests, payments and playlists. Its own module so that those features
 * can read it without importing the scenarios feature, which in turn uses them (no import cycle).
 */
export { loadScenarioFacts } from './scenario-facts';
