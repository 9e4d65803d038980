import {
  type AnyContract,
  authApi,
  type ContractInput,
  type ContractResponse,
  contractUrl,
  type ErrorBody,
  errorBodySchema,
  isStateChangingCall,
  messageSchema,
} from '@simvisit/schema';
// zod/mini's parse functions take a schema of either API (decision 0085, 'Fourth pass').
import { safeParse, type z } from 'zod/mini';
import { retryAfterOf, retryReadWhileBusy } from './busy-retry';

/**
 * The fetch client of the Laravel Sanctum SPA contract: same-origin cookies, a CSRF cookie fetched before
 * the first state-changing call, its value echoed in X-XSRF-TOKEN, one retry after a 419.
 */

const XSRF_COOKIE = 'XSRF-TOKEN';
const CONNECTION_MESSAGE = 'Unable to reach the server. Check your connection and try again.';
const UNEXPECTED_MESSAGE = 'The server sent an unexpected response.';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** True when the session ended (401/419) and the client has already been logged out. */
  sessionEnded = false;
  /** Seconds the server asked to wait (Retry-After of a 429 or 503), or null. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody, retryAfter: number | null = null) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = body.errors ?? {};
    this.retryAfter = retryAfter;
  }

  /** The first message for a field, as shown under it. */
  fieldError(field: string): string | null {
    return this.errors[field]?.[0] ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server could not be reached at all (offline, DNS, a refused connection): fetch threw. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_MESSAGE;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The cookie is URL-encoded by the server and rotates at login, so it is read again for every call. */
function xsrfToken(): string | null {
  const raw = readCookie(XSRF_COOKIE);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

let csrfCookie: Promise<void> | null = null;
/** The handshake on its way, if any: its answer brings a fresh token, so no other one starts meanwhile. */
let handshakeInFlight: Promise<void> | null = null;

/**
 * GET sanctum/csrf-cookie (authApi.csrfCookie) once per page (again when `refresh` is set, after a 419). Its own fetch rather than
 * apiCall: it answers 204 without a body, and every state-changing call waits for it.
 *
 * Calls that start together share one handshake. Two at once made two guest sessions: the first's token no longer
 * matched (a 419), and the handshake of that 419's retry could answer after a sign-in made at the same moment and
 * put the guest session's cookie back over the signed-in one (the new learner's first page of a partner, once in CI).
 */
export function ensureCsrfCookie(refresh = false): Promise<void> {
  if (handshakeInFlight) return handshakeInFlight;
  if (refresh || !csrfCookie || !xsrfToken()) {
    const handshake = fetch(contractUrl(authApi.csrfCookie), {
      method: authApi.csrfCookie.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    }).then(
      (response) => {
        if (!response.ok) throw new ApiError(response.status, { message: 'Could not start a secure session.' });
      },
      () => {
        throw new ApiError(0, { message: CONNECTION_MESSAGE });
      },
    );
    // A failed handshake must not stick: the next call tries again.
    const settled = () => {
      if (handshakeInFlight === handshake) handshakeInFlight = null;
    };
    handshake.then(settled, () => {
      settled();
      if (csrfCookie === handshake) csrfCookie = null;
    });
    csrfCookie = handshake;
    handshakeInFlight = handshake;
  }
  return csrfCookie;
}

type SessionEndedHandler = () => void;
let sessionEndedHandler: SessionEndedHandler | null = null;

/** Registers what happens when any call answers 401/419: the app logs out and shows the login page. */
export function onSessionEnded(handler: SessionEndedHandler): void {
  sessionEndedHandler = handler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<T> {
  method?: HttpMethod;
  body?: unknown;
  /** The shared zod schema of the answer; the answer is checked against it. */
  schema: z.core.$ZodType<T>;
  /**
   * 'logout' (default): a 401/419 logs the client out. 'ignore': the caller decides (session checks).
   */
  onUnauthenticated?: 'logout' | 'ignore';
  /** Send X-XSRF-TOKEN on a GET that changes state (GET /api/logout). */
  csrf?: boolean;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  const retryAfter = retryAfterOf(response);
  if (parsed.success) return new ApiError(response.status, parsed.data, retryAfter);
  return new ApiError(response.status, { message: response.statusText || UNEXPECTED_MESSAGE }, retryAfter);
}

/** `promise`, or a connection error as soon as `signal` aborts (the caller's deadline passed). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ApiError(0, { message: CONNECTION_MESSAGE }));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new ApiError(0, { message: CONNECTION_MESSAGE }));
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** One request: a JSON body, or a FormData one (the browser then sets the multipart Content-Type with its boundary). */
async function send(
  path: string,
  method: HttpMethod,
  body: unknown,
  csrf: boolean,
  extraHeaders: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (csrf) {
    const handshake = ensureCsrfCookie();
    // A sync call with a deadline does not wait past it for a handshake that stalled, and the next call starts
    // a new handshake rather than waiting on that one again.
    await (signal
      ? untilAborted(handshake, signal).catch((error) => {
          if (csrfCookie === handshake) csrfCookie = null;
          if (handshakeInFlight === handshake) handshakeInFlight = null;
          throw error;
        })
      : handshake);
    const token = xsrfToken();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  try {
    return await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ApiError(0, { message: CONNECTION_MESSAGE });
  }
}

/**
 * Every call goes through here: a call carrying the CSRF header that is answered 419 is sent once more with a
 * fresh token (it may have rotated or expired), the one retry of the Sanctum contract.
 */
async function sendWithCsrfRetry(
  path: string,
  method: HttpMethod,
  body: unknown,
  csrf: boolean,
  extraHeaders: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const response = await send(path, method, body, csrf, extraHeaders, signal);
  if (response.status !== 419 || !csrf) return response;
  await ensureCsrfCookie(true);
  return send(path, method, body, csrf, extraHeaders, signal);
}

/** The answer checked against its schema; a refusal becomes an ApiError, and a 401/419 logs out unless ignored. */
async function readAnswer<T>(
  response: Response,
  schema: z.core.$ZodType<T>,
  onUnauthenticated: 'logout' | 'ignore',
  call: string,
): Promise<T> {
  const body = await readBody(response);
  if (!response.ok) {
    const error = errorFrom(response, body);
    if ((response.status === 401 || response.status === 419) && onUnauthenticated !== 'ignore') {
      error.sessionEnded = true;
      sessionEndedHandler?.();
    }
    throw error;
  }
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${call}`, parsed.error.issues);
    throw new ApiError(response.status, { message: UNEXPECTED_MESSAGE });
  }
  return parsed.data;
}

/**
 * A call of the replication endpoints (/sync/v1/...): it carries X-Client-Version, the CSRF header on a
 * POST (retried once with a fresh token after a 419), and hands back the raw response, because the sync
 * client decides itself what a 401, 403 or 426 means. A lost connection is an ApiError with status 0.
 */
export async function syncFetch(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; clientVersion: number; signal?: AbortSignal },
): Promise<Response> {
  const method = init.method ?? 'GET';
  return sendWithCsrfRetry(path, method, init.body, method !== 'GET', { 'X-Client-Version': String(init.clientVersion) }, init.signal);
}

/** The error body of a failed sync call as an ApiError (the message the server gave, else the status). */
export async function syncError(response: Response): Promise<ApiError> {
  return errorFrom(response, await readBody(response));
}

/** Runs the registered 401/419 handler: the client logs out and shows the login page (spec 000 §8). */
export function endClientSession(): void {
  sessionEndedHandler?.();
}

export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  const method = request.method ?? 'GET';
  const csrf = request.csrf ?? method !== 'GET';
  const response = await retryReadWhileBusy(method, () => sendWithCsrfRetry(path, method, request.body, csrf));
  return readAnswer(response, request.schema, request.onUnauthenticated ?? 'logout', `${method} ${path}`);
}

/**
 * A multipart upload (POST with FormData): same-origin cookies and the CSRF header like apiRequest, the
 * browser sets the multipart Content-Type with its boundary, one retry after a 419, and the answer checked
 * against its shared schema.
 */
export async function apiUpload<T>(path: string, form: FormData, schema: z.core.$ZodType<T>): Promise<T> {
  const response = await sendWithCsrfRetry(path, 'POST', form, true);
  return readAnswer(response, schema, 'logout', `POST ${path}`);
}

/** How a contract call treats a 401/419 (see ApiRequest.onUnauthenticated). */
export interface CallOptions {
  onUnauthenticated?: 'logout' | 'ignore';
}

type CallArgs<C extends AnyContract> =
  object extends ContractInput<C> ? [input?: ContractInput<C>, options?: CallOptions] : [input: ContractInput<C>, options?: CallOptions];

/**
 * Calls the server through a call's contract (packages/schema/src/api): the URL from its path, params and
 * query, its method, the CSRF header when it changes state, and the answer checked against its response
 * schema. The only way the PWA reaches the REST API (issue 10 item 4).
 */
export function apiCall<C extends AnyContract>(contract: C, ...[input, options]: CallArgs<C>): Promise<ContractResponse<C>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | null>;
    body?: unknown;
  };
  return apiRequest(contractUrl(contract, params, query), {
    method: contract.method,
    body,
    schema: (contract.response ?? messageSchema) as z.core.$ZodType<ContractResponse<C>>,
    csrf: isStateChangingCall(contract),
    onUnauthenticated: options?.onUnauthenticated,
  });
}

/**
 * A file a call answers (a PDF made on the server) as a Blob, fetched with the session's cookies, so a page can
 * show it in an <object> or offer it for download through a blob: URL. A refusal is an ApiError with the
 * server's message, and a 401/419 logs out, as with apiCall.
 */
export async function apiBlobCall<C extends AnyContract>(
  contract: C,
  ...[input]: object extends ContractInput<C> ? [input?: ContractInput<C>] : [input: ContractInput<C>]
): Promise<Blob> {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | null>;
  };
  const path = contractUrl(contract, params, query);
  // A refusal still comes as JSON (its message), hence both types.
  const response = await sendWithCsrfRetry(path, contract.method, undefined, isStateChangingCall(contract), {
    Accept: 'application/pdf, application/octet-stream, application/json',
  });
  // A refusal throws here, with the server's message (and logs out after a 401/419).
  if (!response.ok) await readAnswer(response, messageSchema, 'logout', `${contract.method} ${path}`);
  try {
    return await response.blob();
  } catch {
    throw new ApiError(0, { message: CONNECTION_MESSAGE });
  }
}

/**
 * A form's checked values as a multipart body: a file (a Blob) as itself, an array as one entry per item, an
 * object as JSON, anything else as its text; null and undefined are left out.
 */
export function multipartBody(values: Record<string, unknown>): FormData {
  const form = new FormData();
  const append = (name: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  };
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) append(name, item);
    else append(name, value);
  }
  return form;
}

/**
 * A multipart upload through its contract (a POST with `json: false`): the URL from its path and params, the
 * body a FormData or a form's checked values (multipartBody), and the answer checked against the contract's
 * response schema (apiUpload does the rest).
 */
export function apiUploadCall<C extends AnyContract>(
  contract: C,
  body: FormData | Record<string, unknown>,
  ...[input]: object extends ContractInput<C> ? [input?: ContractInput<C>] : [input: ContractInput<C>]
): Promise<ContractResponse<C>> {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | null>;
  };
  const form = body instanceof FormData ? body : multipartBody(body);
  return apiUpload(
    contractUrl(contract, params, query),
    form,
    (contract.response ?? messageSchema) as z.core.$ZodType<ContractResponse<C>>,
  );
}
