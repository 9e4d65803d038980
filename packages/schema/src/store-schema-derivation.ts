import { z } from 'zod/mini';
import { REPLICATED } from './replicated-collections';
import { LOCAL_CHANGES_COLLECTION, type LocalJsonSchema, localChangeSchema, type ReplicatedCollection } from './replication-client';

/**
 * How the local store's JSON schemas follow from the shared zod document schemas. The PWA reads the result from
 * store-schemas.generated.ts (STORE_SCHEMAS); this derivation writes that file (`npm run generate:store-schemas`) and a
 * unit test checks the two agree, so the zod schemas stay the one place a document's shape is declared.
 */

/**
 * Derives a local collection's JSON schema from a shared zod document schema: the same fields and required
 * fields, the primary key bounded (RxDB needs a maxLength on it), and `_deleted` left out because the store
 * adds it itself. Refinements (time order, time zones) are not expressible in JSON schema; the app checks
 * them with the zod schema before writing.
 */
export function localJsonSchemaFromZod(
  schema: z.core.$ZodType,
  options: { version: number; primaryKey?: string; primaryKeyMaxLength?: number },
): LocalJsonSchema {
  const primaryKey = options.primaryKey ?? 'id';
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(json.properties ?? {})) {
    if (key === '_deleted') continue;
    properties[key] = { ...value };
  }
  const key = properties[primaryKey];
  if (!key) throw new Error(`The schema has no primary key field "${primaryKey}".`);
  properties[primaryKey] = { ...key, type: 'string', maxLength: options.primaryKeyMaxLength ?? 64 };
  const required = (json.required ?? []).filter((k) => k !== '_deleted');
  if (!required.includes(primaryKey)) required.unshift(primaryKey);
  return { version: options.version, primaryKey, type: 'object', properties, required };
}

/** Every local collection's JSON schema, as store-schemas.generated.ts must hold it. */
export function deriveStoreSchemas(): Record<ReplicatedCollection | typeof LOCAL_CHANGES_COLLECTION, LocalJsonSchema> {
  return {
    ...(Object.fromEntries(
      Object.entries(REPLICATED).map(([name, d]) => [name, localJsonSchemaFromZod(d.schema, { version: d.version })]),
    ) as Record<ReplicatedCollection, LocalJsonSchema>),
    [LOCAL_CHANGES_COLLECTION]: localJsonSchemaFromZod(localChangeSchema, { version: 0, primaryKeyMaxLength: 200 }),
  };
}
