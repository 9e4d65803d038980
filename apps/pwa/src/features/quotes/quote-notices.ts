import { isApiError } from '../../lib/api';
import type { FieldErrors } from '../../lib/form-errors';
import { describeAdminCallFailure, notify } from '../../platform/notices';

/**
 * A refused quote call as spec 002 §8 words it: the red notice titled 'Error saving quote' (or 'Error approving
 * partner', 'Error rejecting partner') listing the server's errors, or its message when it sent none. The shared
 * schema's messages, when it refused the values before anything was sent, are listed the same way.
 */
export function notifyQuoteFailure(title: string, failed: unknown): void {
  if (isApiError(failed) && failed.sessionEnded) return;
  if (failed instanceof Error) {
    const failure = describeAdminCallFailure(failed);
    const items = [...new Set(failure.fields.flatMap((f) => f.messages))];
    notify({ title, content: items.length ? null : failure.text, items: items.length ? items : undefined, icon: 'error', color: 'red' });
    return;
  }
  const items = [...new Set(Object.values(failed as FieldErrors).flat())];
  notify({ title, items, icon: 'error', color: 'red' });
}
