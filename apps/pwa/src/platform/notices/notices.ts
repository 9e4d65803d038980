import { errorMessage, isApiError } from '../../lib/api';
import { notify } from './notifications';

/**
 * The notices every feature shows after a call (spec 000 §8, spec 001 §8), in one place so the screens word
 * and colour them alike. None is shown when the session ended: the login page is already on screen.
 */

export const ADMIN_CALL_FALLBACK = 'Error completing request';

/** A green notice titled with the server's message. */
export function notifySuccess(title: string): void {
  notify({ title, icon: 'success', color: 'green' });
}

/** A red notice titled with the spec's words, carrying the server's message. */
export function notifyFailure(title: string, error: unknown): void {
  if (isApiError(error) && error.sessionEnded) return;
  notify({ title, content: errorMessage(error), icon: 'error', color: 'red' });
}

/** The yellow warning when a drag reorder is refused (spec 001 §8); the caller puts the old order back. */
export function notifyReorderFailure(content: string, error: unknown): void {
  if (isApiError(error) && error.sessionEnded) return;
  notify({ title: 'Error', content, icon: 'warning', color: 'yellow' });
}

/** A field key as a person reads it: "enable_sms" → "Enable sms". */
export function fieldLabel(field: string): string {
  const words = field.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface AdminCallFailure {
  /** The response message, the notification's title. */
  title: string;
  /** Field errors of a 422, each field with its messages; empty when none came. */
  fields: { field: string; label: string; messages: string[] }[];
  /** The text shown when no field explains the failure: the message, else the fallback. */
  text: string;
}

/** Spec 000 §8: title = the response message; content = field errors, else the message, else a fallback. */
export function describeAdminCallFailure(error: unknown): AdminCallFailure {
  const message = error instanceof Error && error.message ? error.message : '';
  const errors = isApiError(error) ? error.errors : {};
  const fields = Object.entries(errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => ({ field, label: fieldLabel(field), messages }));
  return { title: message || ADMIN_CALL_FALLBACK, fields, text: message || ADMIN_CALL_FALLBACK };
}

/** The notification's content as text: "Field: message message; Other: message", or the message. */
export function failureContent(failure: AdminCallFailure): string {
  if (failure.fields.length === 0) return failure.text;
  return failure.fields.map((f) => `${f.label}: ${f.messages.join(' ')}`).join('; ');
}

/** The red admin-call notification: the response message as title, the field errors as content. */
export function notifyAdminCallFailure(error: unknown): void {
  if (isApiError(error) && error.sessionEnded) return;
  const failure = describeAdminCallFailure(error);
  notify({ title: failure.title, content: failureContent(failure), icon: 'error', color: 'red' });
}

/**
 * The outcome of an admin call as notifications (spec 002 §8): the server's message in green, then `then`
 * (close the dialog); a refusal as the red admin-call notification. For a mutation's `mutate` options.
 */
export function adminCallOutcome(then: () => void) {
  return {
    onSuccess: (answer: { message: string }) => {
      notifySuccess(answer.message);
      then();
    },
    onError: notifyAdminCallFailure,
  };
}
