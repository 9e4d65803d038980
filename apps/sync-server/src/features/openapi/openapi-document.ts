import { bodyLimitOf, errorBodySchema } from '@simvisit/schema';
import { z } from 'zod';
import { type AnyRoute, isStateChanging } from '../../http/route';

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

function accessText(def: AnyRoute): string {
  const a = def.access;
  const who =
    a.type === 'permission'
      ? `permission \`${a.permission}\``
      : a.type === 'super_admin'
        ? 'super admins'
        : a.type === 'authenticated'
          ? 'any signed-in user'
          : a.type === 'demo'
            ? 'anyone, in demo mode only'
            : a.type === 'test'
              ? 'anyone, in test mode only'
              : 'anyone';
  const admission = admitted(def) ? ' Answers 403 until the account is confirmed and the brand passcode given.' : '';
  return `Access: ${who}; scope: ${def.scope}.${admission}${isStateChanging(def) ? ' Requires the X-XSRF-TOKEN header.' : ''}`;
}

/** A signed-in call held back until the partner admits the account (http/admission.ts, decision 0079). */
function admitted(def: AnyRoute): boolean {
  return ['authenticated', 'permission', 'super_admin'].includes(def.access.type) && !def.beforeAdmission;
}

/** Path or query parameters with their own types, required unless the schema accepts them missing. */
function parametersOf(schema: z.core.$ZodType | undefined, where: 'path' | 'query') {
  // By the core's own tag, not `instanceof z.ZodObject`: the first load's contracts are zod/mini objects (decision 0085).
  if (schema?._zod.def.type !== 'object') return [];
  const shape = (schema as z.core.$ZodObject)._zod.def.shape as Record<string, z.core.$ZodType>;
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !z.safeParse(field, undefined).success,
    schema: jsonSchema(field, 'input'),
  }));
}

/** A declared body as JSON, and as form fields too for a call that takes them (`form`, docs/decisions/0065). */
function bodyContent(body: z.core.$ZodType, form: boolean) {
  const schema = { schema: jsonSchema(body, 'input') };
  return form
    ? { 'application/json': schema, 'multipart/form-data': schema, 'application/x-www-form-urlencoded': schema }
    : { 'application/json': schema };
}

/** The OpenAPI 3 document of every declared REST call, built from the shared zod schemas. */
export function buildOpenApiDocument(routes: readonly AnyRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } } };
  for (const def of routes) {
    if (def.internal) continue;
    const path = def.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters = [...parametersOf(def.params, 'path'), ...parametersOf(def.query, 'query')];
    const responses: Record<string, unknown> = {
      '200': {
        description: 'OK',
        ...(def.response ? { content: { 'application/json': { schema: jsonSchema(def.response, 'output') } } } : {}),
      },
    };
    if (def.access.type !== 'public' && def.access.type !== 'demo' && def.access.type !== 'test')
      responses['401'] = { description: 'Unauthenticated.', ...error };
    if (admitted(def)) responses['403'] = { description: 'Forbidden', ...error };
    if (isStateChanging(def)) responses['419'] = { description: 'CSRF token mismatch.', ...error };
    if (def.body || def.params || def.query) responses['422'] = { description: 'Validation failed, errors by field', ...error };
    responses['429'] = { description: 'Too many attempts', ...error };
    if (def.method !== 'GET') responses['413'] = { description: `Body over ${bodyLimitOf(def)} bytes`, ...error };
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      tags: [def.tag],
      summary: def.summary,
      description: accessText(def),
      ...(parameters.length ? { parameters } : {}),
      ...(def.body ? { requestBody: { required: true, content: bodyContent(def.body, def.form === true) } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { ...info, description: 'REST calls of the SimVisit server. Cookie session with the Sanctum SPA CSRF contract.' },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: '__Host-simvisit_session' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
