/**
 * Bad inputs derived from the OpenAPI document's JSON schemas (issue 11, standing proof 2): for every property a
 * value of the wrong type, one past its bounds, a huge string and NUL and control characters, the others kept
 * plausible so the bad one is what the server meets. Deterministic: the same document gives the same cases.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON schema nodes of any shape
export type JsonSchema = Record<string, any>;

export interface FuzzCase {
  name: string;
  path: string;
  query?: string;
  body?: string;
  contentType?: string;
}

const HUGE = 'x'.repeat(200_000);
const BAD_IDS = ['abc', '-1', '99999999999999999999', '1.5', '%00', '%ff', "1'--", '0x10'];

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.type) return Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  return first ? typeOf(first) : undefined;
}

/** A value the schema is likely to accept, so a case changes one property only. */
export function plausible(schema: JsonSchema, depth = 0): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  const inner = schema.anyOf ?? schema.oneOf;
  if (inner) return plausible(inner.find((s: JsonSchema) => s.type !== 'null') ?? inner[0], depth);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-11-25T10:00:00.000Z';
      if (schema.format === 'date') return '2026-11-25';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      if (depth > 3) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries<JsonSchema>(schema.properties ?? {})) out[key] = plausible(prop, depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** Values that break one property: its type, its bounds, its size and its characters. */
export function breakers(schema: JsonSchema): unknown[] {
  const type = typeOf(schema);
  const values: unknown[] = [];
  if (type === 'string') {
    values.push(12345, 'a\u0000b', '\u001b[31m\u0007', HUGE);
    if (schema.maxLength !== undefined) values.push('y'.repeat(schema.maxLength + 1));
  } else if (type === 'integer' || type === 'number') {
    values.push('12abc', 1e308, -1e308, 1.5, Number.MAX_SAFE_INTEGER * 4);
    if (schema.maximum !== undefined) values.push(schema.maximum + 1);
  } else if (type === 'boolean') {
    values.push('yes', 2);
  } else if (type === 'array') {
    values.push(
      'not-a-list',
      [null, { a: 'a\u0000' }],
      Array.from({ length: 5000 }, (_, i) => i),
    );
  } else {
    values.push('x', [1], { nested: { deeper: HUGE } });
  }
  return values;
}

/** Fills `{param}` of an OpenAPI path. */
export function fillPath(path: string, value: (name: string, index: number) => string): string {
  let i = 0;
  return path.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => value(name, i++));
}

/** Every case for one operation: bad path ids, bad query values, broken bodies and broken properties. */
export function casesFor(path: string, operation: JsonSchema, maxProperties: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const params: JsonSchema[] = operation.parameters ?? [];
  const hasPathParams = params.some((p) => p.in === 'path');
  const okPath = fillPath(path, () => '1');
  if (hasPathParams) {
    for (const bad of BAD_IDS) cases.push({ name: `path ${bad}`, path: fillPath(path, () => bad) });
  }
  for (const q of params.filter((p) => p.in === 'query')) {
    for (const bad of ['%00', 'a'.repeat(5000), '-99999999999999999999', '[object Object]']) {
      cases.push({ name: `query ${q.name}=${bad.slice(0, 12)}`, path: okPath, query: `${q.name}=${bad}` });
    }
  }
  const schema: JsonSchema | undefined = operation.requestBody?.content?.['application/json']?.schema;
  if (schema) {
    cases.push(
      { name: 'malformed JSON', path: okPath, body: '{"a":' },
      { name: 'text body', path: okPath, body: 'a=1&b=2', contentType: 'text/plain' },
      { name: 'form body', path: okPath, body: 'a=1', contentType: 'application/x-www-form-urlencoded' },
      { name: 'JSON null', path: okPath, body: 'null' },
      { name: 'JSON array', path: okPath, body: '[{"a":1}]' },
      { name: 'JSON string', path: okPath, body: '"\\u0000"' },
      { name: 'deep nesting', path: okPath, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    );
    const base = plausible(schema) as Record<string, unknown>;
    const properties = Object.entries<JsonSchema>(schema.properties ?? {}).slice(0, maxProperties);
    for (const [key, prop] of properties) {
      for (const bad of breakers(prop)) {
        const label = typeof bad === 'string' ? bad.slice(0, 12) : JSON.stringify(bad)?.slice(0, 12);
        cases.push({ name: `${key}=${label}`, path: okPath, body: JSON.stringify({ ...base, [key]: bad }) });
      }
    }
  }
  return cases;
}
