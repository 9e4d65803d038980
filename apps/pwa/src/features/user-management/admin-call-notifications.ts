import { isApiError } from '../../lib/api';
import { notify } from '../shell/notifications';

export const ADMIN_CALL_FALLBACK = 'Error completing request';

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

/** The red admin-call notification; nothing when the session ended (the app is already on the login page). */
export function notifyAdminCallFailure(error: unknown): void {
  if (isApiError(error) && error.sessionEnded) return;
  const failure = describeAdminCallFailure(error);
  notify({ title: failure.title, content: failureContent(failure), icon: 'error', color: 'red' });
}

export function notifySuccess(message: string): void {
  notify({ title: message, icon: 'success', color: 'green' });
}
