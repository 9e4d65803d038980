import { notify } from '../../platform/notices';

/*
 * What the scheduling section, the request page and the scenario overview share, apart from the section itself,
 * which loads on its own when the overview shows it (decision 0090).
 */

type Errors = Record<string, string[]>;

/** Server validation errors: the message as the title, every field's words as a bulleted list (spec 001 §5). */
export function notifyValidation(title: string, errors: Errors): void {
  const items = [...new Set(Object.values(errors).flat())];
  notify({ title, items: items.length > 1 || items[0] !== title ? items : undefined, icon: 'error', color: 'red' });
}

/** Where an existing visit (type 1) or request (type 2) lives. */
export function scheduledPath(scheduled: { type: number; id: number }): string {
  return scheduled.type === 1 ? `/visit/${scheduled.id}` : `/request/${scheduled.id}`;
}
