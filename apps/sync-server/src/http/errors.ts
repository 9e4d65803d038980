import { MSG } from '@simvisit/schema';

/** A refused call: the one error handler turns it into its status and the spec's body shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, MSG.unauthenticated);
export const csrfMismatch = () => new HttpError(419, MSG.csrf);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) => new HttpError(422, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number, errors?: Record<string, string[]>) =>
  new HttpError(429, message, errors, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A 422 with one message under one field, the Laravel way. */
export const fieldError = (field: string, message: string) => unprocessable(message, { [field]: [message] });
