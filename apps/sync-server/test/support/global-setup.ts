import type { TestProject } from 'vitest/node';
import { buildTemplates, type Templates } from './template-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's template databases (support/template-databases.ts); test-server.ts copies one per test file. */
    serverTestTemplates: Templates;
  }
}

/** Runs once per server test run, before any file: builds the templates, and removes them when the run ends. */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const db = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const { templates, remove } = await buildTemplates(db);
  console.log(`[server tests] ${db} templates built in ${Math.round(performance.now() - started)} ms`);
  project.provide('serverTestTemplates', templates);
  return remove;
}
