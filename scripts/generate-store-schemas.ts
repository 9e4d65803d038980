/**
 * Writes packages/schema/src/store-schemas.generated.ts: the PWA store's JSON schemas derived from the zod document
 * schemas (packages/schema/src/store-schema-derivation.ts). Run after changing a replicated document's shape;
 * packages/schema/test/store-schemas.test.ts fails until the file matches.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, 'packages/schema/src/store-schemas.generated.ts');
const header = '// Written by `npm run generate:store-schemas` from store-schema-derivation.ts: do not edit.\n';
// The schema package reads this file: an empty one first, where it is missing, lets the derivation load.
if (!existsSync(file)) writeFileSync(file, `${header}export const STORE_SCHEMA_DATA = {};\n`);
const { deriveStoreSchemas } = await import('../packages/schema/src/store-schema-derivation');
writeFileSync(file, `${header}export const STORE_SCHEMA_DATA = ${JSON.stringify(deriveStoreSchemas(), null, 2)};\n`);
execFileSync('npx', ['biome', 'format', '--write', file], { cwd: root, stdio: 'ignore' });
console.log(`wrote ${path.relative(root, file)}`);
