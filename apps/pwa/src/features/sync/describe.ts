import {
  availabilityInZone,
  describeWindow,
  deviceTimeZone,
  type LocalChange,
  type StoredWindow,
  WEEKDAYS,
  type Weekday,
} from '@simvisit/schema';

const COLLECTION_NOUN: Record<string, string> = {
  availabilities: 'Availability',
  notifications: 'Notification',
};

export function collectionNoun(collection: string): string {
  return COLLECTION_NOUN[collection] ?? 'Change';
}

function isWindow(doc: Record<string, unknown>): doc is Record<string, unknown> & StoredWindow {
  return (
    WEEKDAYS.includes(doc.day as Weekday) &&
    typeof doc.start_time === 'string' &&
    typeof doc.end_time === 'string' &&
    typeof doc.timezone === 'string'
  );
}

/** One version of a document in words, for the conflict and refusal dialogs. */
export function describeVersion(collection: string, doc: Record<string, unknown> | null): string {
  if (!doc) return 'Not saved on the server';
  if (doc._deleted) return 'Deleted';
  if (collection === 'availabilities' && isWindow(doc)) {
    try {
      const local = availabilityInZone(doc, deviceTimeZone());
      return `${describeWindow(local)}${local.ends_next_day ? ' (next day)' : ''}`;
    } catch {
      return `${doc.day} ${doc.start_time || '—'} – ${doc.end_time || '—'}`;
    }
  }
  if (collection === 'availabilities') {
    return `${String(doc.day ?? '')} ${String(doc.start_time || 'no start time')} – ${String(doc.end_time || 'no ending time')}`;
  }
  if (collection === 'notifications') {
    const flags = [doc.is_read ? 'read' : 'unread', doc.is_archived ? 'archived' : null].filter(Boolean).join(', ');
    return `${String(doc.title ?? '')} (${flags})`;
  }
  return String(doc.id ?? '');
}

export function issueTitle(issue: LocalChange): string {
  const noun = collectionNoun(issue.collection_name);
  return issue.kind === 'conflict' ? `${noun} changed on another device` : `${noun} not saved`;
}
