import { fieldErrors, firstMessage, forbiddenTextErrors, MSG } from '@simvisit/schema';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './app-env';
import { HttpError, unprocessable } from './errors';
import { isMultipart, readMultipart } from './multipart';
import type { AnyRoute } from './route';

const MAX_JSON_DEPTH = 32;

function depth(value: unknown, level = 0): number {
  if (level > MAX_JSON_DEPTH) return level;
  if (value && typeof value === 'object') {
    let max = level;
    for (const v of Object.values(value)) max = Math.max(max, depth(v, level + 1));
    return max;
  }
  return level;
}

function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  // The one text rule, before the call's own shape: no schema can forget it (issue 11 item 3).
  const forbidden = forbiddenTextErrors(value);
  if (forbidden) throw unprocessable(firstMessage(forbidden), forbidden);
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw unprocessable(firstMessage(errors), errors);
}

/** Reads and validates params, query and JSON body with the route's shared zod schemas (422 with field errors). */
export async function parseInput(c: Context<AppEnv>, def: AnyRoute) {
  const params = def.params ? validate(def.params, c.req.param()) : undefined;
  const query = def.query ? validate(def.query, c.req.query()) : undefined;
  let body: unknown;
  if (def.body && def.json !== false) {
    let raw = def.form && isFormBody(c) ? await readFormFields(c) : await readJsonBody(c);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) raw = {};
    body = validate(def.body, raw);
  }
  return { params, query, body };
}

function isFormBody(c: Context<AppEnv>): boolean {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
}

/** The text fields of a form body (a call that takes form fields takes no file: a file field reads as missing). */
async function readFormFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  // An urlencoded form is read by the same call; a multipart one goes through the one multipart reader.
  let form: Record<string, unknown>;
  if (isMultipart(c)) form = await readMultipart(c);
  else {
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpError(400, MSG.invalidForm);
    }
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/** Reads a JSON body: 415 for another content type, 400 for malformed or too deeply nested JSON. */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (text.length === 0) return {};
  if (!type.toLowerCase().startsWith('application/json')) throw new HttpError(415, MSG.unsupportedMediaType);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, MSG.invalidJson);
  }
  if (depth(raw) > MAX_JSON_DEPTH) throw new HttpError(400, MSG.invalidJson);
  return raw;
}
