import type {
  AvailabilityDoc,
  LocalChange,
  NotificationDoc,
  ReplicatedCollection,
  ScenarioCommentDoc,
  ScenarioDoc,
  ScenarioFieldValueDoc,
  VisitScorecardDoc,
} from '@simvisit/schema';
import type { RxCollection, RxDatabase } from 'rxdb';

/** Documents as the store keeps them: `_deleted` is the store's own field, not part of the document type. */
export type AvailabilityRow = Omit<AvailabilityDoc, '_deleted'>;
export type NotificationRow = Omit<NotificationDoc, '_deleted'>;
export type ScenarioRow = Omit<ScenarioDoc, '_deleted'>;
export type ScenarioFieldValueRow = Omit<ScenarioFieldValueDoc, '_deleted'>;
export type ScenarioCommentRow = Omit<ScenarioCommentDoc, '_deleted'>;
export type VisitScorecardRow = Omit<VisitScorecardDoc, '_deleted'>;

export interface RowByCollection {
  availabilities: AvailabilityRow;
  notifications: NotificationRow;
  scenarios: ScenarioRow;
  scenario_field_values: ScenarioFieldValueRow;
  scenario_comments: ScenarioCommentRow;
  visit_scorecards: VisitScorecardRow;
}

export interface StoreCollections {
  availabilities: RxCollection<AvailabilityRow>;
  notifications: RxCollection<NotificationRow>;
  scenarios: RxCollection<ScenarioRow>;
  scenario_field_values: RxCollection<ScenarioFieldValueRow>;
  scenario_comments: RxCollection<ScenarioCommentRow>;
  visit_scorecards: RxCollection<VisitScorecardRow>;
  local_changes: RxCollection<LocalChange>;
}

export type StoreDatabase = RxDatabase<StoreCollections>;

export type RowOf<N extends ReplicatedCollection> = RowByCollection[N];

/** Any replicated document, for code that works on every replicated collection alike. */
export type SyncRow = { id: string; write_id: string } & Record<string, unknown>;

export function syncCollection(db: StoreDatabase, collection: ReplicatedCollection): RxCollection<SyncRow> {
  return db[collection] as unknown as RxCollection<SyncRow>;
}
