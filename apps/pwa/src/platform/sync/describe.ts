import {
  availabilityInZone,
  commentFieldLabel,
  describeWindow,
  deviceTimeZone,
  type LocalChange,
  SCENARIO_CORE_FIELDS,
  SCENARIO_FIELD_GROUPS,
  SCORECARD_TITLES,
  type ScorecardKind,
  type StoredWindow,
  WEEKDAYS,
  type Weekday,
} from '@simvisit/schema';

const COLLECTION_NOUN: Record<string, string> = {
  availabilities: 'Availability',
  notifications: 'Notification',
  scenarios: 'Scenario',
  scenario_field_values: 'Scenario field',
  scenario_comments: 'Comment',
  visit_scorecards: 'Scorecard',
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

const SHOWN_TEXT = 160;
function shortText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT - 1)}…` : text;
}

/** A scenario's core field value in words: yes/no, minutes, the image's file name. */
function scenarioValue(key: string, value: unknown): string {
  const kind = SCENARIO_CORE_FIELDS.find((f) => f.key === key)?.kind;
  if (kind === 'yesno') return value === 1 ? 'Yes' : 'No';
  if (kind === 'duration' && value) return `${String(value)} minutes`;
  if (kind === 'image' && typeof value === 'string' && value) return value.split('/').pop() ?? value;
  return shortText(value);
}

/**
 * A scenario in words: the fields that differ from `other` (the server's version), by their labels, or its
 * title when there is nothing to compare with.
 */
function describeScenario(doc: Record<string, unknown>, other: Record<string, unknown> | null | undefined): string {
  const changed =
    other && !other._deleted
      ? SCENARIO_CORE_FIELDS.filter((f) => JSON.stringify(doc[f.key] ?? null) !== JSON.stringify(other[f.key] ?? null))
      : [];
  if (changed.length) return changed.map((f) => `${f.label}: ${scenarioValue(f.key, doc[f.key])}`).join('; ');
  return `Scenario "${shortText(doc.title || 'Untitled')}"`;
}

function scenarioFieldLabel(fieldId: unknown): string {
  for (const group of SCENARIO_FIELD_GROUPS) for (const f of group.fields) if (f.id === fieldId) return f.label;
  return 'Scenario field';
}

/**
 * One version of a document in words, for the conflict and refusal dialogs. `other` is the version it is
 * compared with (a scenario names only the fields that differ).
 */
export function describeVersion(collection: string, doc: Record<string, unknown> | null, other?: Record<string, unknown> | null): string {
  if (!doc) return 'Not saved on the server';
  if (doc._deleted) return 'Deleted';
  if (collection === 'scenarios') return describeScenario(doc, other);
  if (collection === 'scenario_field_values') return `${scenarioFieldLabel(doc.field_id)}: ${shortText(doc.value)}`;
  if (collection === 'scenario_comments') {
    return `Comment on ${commentFieldLabel(String(doc.field ?? ''))}: "${shortText(doc.content)}"`;
  }
  if (collection === 'visit_scorecards') return describeScorecard(doc);
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

/** A scorecard in words: its form, the visit, and how far the answers got. */
function describeScorecard(doc: Record<string, unknown>): string {
  const kind = doc.kind as ScorecardKind;
  const visit = (doc.visit ?? {}) as { scenario_title?: string; learner_name?: string };
  const responses = Array.isArray(doc.responses) ? doc.responses.length : 0;
  const title = SCORECARD_TITLES[kind] ?? 'Scorecard';
  const state = doc.submitted_at ? 'submitted' : 'not submitted';
  return `${title} of visit ${String(doc.visit_id ?? '')} (${shortText(visit.scenario_title)}, ${shortText(visit.learner_name)}): ${responses} ${responses === 1 ? 'answer' : 'answers'}, ${state}`;
}

export function issueTitle(issue: LocalChange): string {
  const noun = collectionNoun(issue.collection_name);
  return issue.kind === 'conflict' ? `${noun} changed on another device` : `${noun} not saved`;
}
