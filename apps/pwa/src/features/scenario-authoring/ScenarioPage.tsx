import {
  commentRequestSchema,
  fieldErrors,
  fieldGroupsFor,
  fullName,
  SCENARIO_CORE_FIELDS,
  SCENARIO_FIELD_GROUPS,
  SCENARIO_MESSAGES,
  SCENARIO_STATUS,
  SCENARIO_STATUS_LABELS,
  type ScenarioCoreField,
  scenarioCoreFieldSchemas,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, cn, Spinner, Tabs } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { LocalValidationError, useStoreDatabase, useSyncState } from '../../platform/sync';
import { scenarioDetailKey } from '../scenarios';
import { AutosaveScope, type SaveState, useAutosaveProvider } from './autosave';
import { CommentPanel, type CommentsApi, CommentsScope, useCommentLayout, usePauseAfterChange } from './comments';
import { scenarioFormTabs } from './FormTabs';
import { CoreField, type FieldWriter, GroupField } from './fields';
import { saveLocalComment, saveLocalCoreField, saveLocalFieldValue, useLocalScenario } from './local-scenario';
import { PopupButtons } from './PopupButtons';
import { ScenarioActions } from './ScenarioActions';
import { SidePanel } from './SidePanel';
import { type LoadedScenario, postScenarioComment, saveScenarioFieldValue, updateScenarioField, useScenarioDetail } from './scenario-api';
import { refreshScenario } from './scenario-calls';
import { type ScenarioView, scenarioView } from './scenario-view';

const M = SCENARIO_MESSAGES;

function PageProblem({ error }: { error: unknown }) {
  if (isApiError(error) && error.sessionEnded) return null;
  const noAccess = isApiError(error) && error.status === 403;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Alert tone={noAccess ? 'warning' : 'danger'} role="alert" title={noAccess ? M.noAccess : M.loadError} titleAs="h1">
        {noAccess ? null : <p>{errorMessage(error)}</p>}
      </Alert>
      <Button asChild variant="secondary">
        <Link to="/scenarios">Go to the Scenario Dashboard</Link>
      </Button>
    </div>
  );
}

const SAVE_TEXT: Record<Exclude<SaveState, 'idle'>, string> = {
  saving: 'Saving…',
  saved: 'All changes saved',
  failed: 'A change could not be saved',
};

function SaveIndicator({ state, view, online }: { state: SaveState; view: ScenarioView; online: boolean }) {
  if (state === 'idle') return null;
  const text =
    state === 'saved' && view.editMode === 'local' && !online
      ? 'Saved on this device; it syncs when you are back online'
      : SAVE_TEXT[state];
  return (
    <p role="status" data-testid="autosave-status" className={cn('text-xs', state === 'failed' ? 'text-red-700' : 'text-slate-600')}>
      {text}
    </p>
  );
}

/** Why the fields cannot be changed now, when the person might expect to. */
function EditHint({ view, online }: { view: ScenarioView; online: boolean }) {
  if (view.editMode === 'online' && !online) {
    return (
      <Alert tone="warning">You are offline. Changes to this scenario need a connection, because it is not kept on this device.</Alert>
    );
  }
  if (view.editMode === 'readonly' && view.abilities?.is_author && view.status === SCENARIO_STATUS.review) {
    return <Alert tone="info">{M.lockedInReview}</Alert>;
  }
  return null;
}

/**
 * The scenario authoring page, scenario.show (spec 001 §2): the scenario's fields in tabs (Overview first,
 * then one per field group), its three forms, comments per field, the side panel and the lifecycle actions.
 * Fields are drafted offline through the local store when the scenario is on the device (DESIGN.md §5).
 */
export function ScenarioPage({ scenarioId }: { scenarioId: number }) {
  const session = useSignedInSession();
  const queryClient = useQueryClient();
  const db = useStoreDatabase();
  const sync = useSyncState();
  const online = sync.online;
  const loaded = useScenarioDetail(session.user.id, scenarioId);
  const local = useLocalScenario(scenarioId);
  const view = useMemo(() => scenarioView(scenarioId, session, local, loaded.data), [scenarioId, session, local, loaded.data]);
  const { paused, pause } = usePauseAfterChange();
  const { registry, state: saveState } = useAutosaveProvider(pause);
  const layout = useCommentLayout();
  const [selected, setSelected] = useState<string | null>(null);
  useDocumentTitle(view ? `${(view.values.title as string | null) || 'Untitled Scenario'} | Scenarios` : 'Scenario');

  // Another person changed the status or the people (it arrives through replication): the server's answer
  // (abilities, side panel) is loaded again so both sources agree.
  const doc = local.doc;
  const detail = loaded.data && !loaded.data.fromDevice ? loaded.data.scenario : null;
  const lastRefetch = useRef('');
  useEffect(() => {
    if (!doc || !detail || !online) return;
    const docKey = `${doc.status}/${doc.reviewer_user_id}/${doc.live_edit}`;
    const detailKey = `${detail.status}/${detail.reviewer_user_id}/${detail.live_edit}`;
    // Once per version of the device's copy (every change on the server gives it a new write id).
    if (docKey === detailKey || lastRefetch.current === doc.write_id) return;
    lastRefetch.current = doc.write_id;
    void refreshScenario(queryClient, scenarioId);
  }, [doc, detail, online, queryClient, scenarioId]);

  // The copy shown came from the device (the server was unreachable): ask the server again once it is back.
  const fromDevice = !!loaded.data?.fromDevice;
  const { refetch } = loaded;
  useEffect(() => {
    if (online && fromDevice) void refetch();
  }, [online, fromDevice, refetch]);

  const writer: FieldWriter = {
    mode: view?.editMode ?? 'readonly',
    online,
    async saveCore(key: ScenarioCoreField, value: unknown) {
      if (view?.editMode === 'local') return saveLocalCoreField(scenarioId, key, value);
      const checked = scenarioCoreFieldSchemas[key].safeParse(value);
      if (!checked.success) throw new LocalValidationError(fieldErrors(checked.error.issues));
      const answer = await updateScenarioField(scenarioId, key, value);
      queryClient.setQueryData<LoadedScenario>(scenarioDetailKey(scenarioId), { scenario: answer.scenario, fromDevice: false });
    },
    async saveFieldValue(fieldId: number, value: string) {
      if (view?.editMode === 'local' && db) return saveLocalFieldValue(db, scenarioId, fieldId, value);
      const answer = await saveScenarioFieldValue(scenarioId, fieldId, value);
      queryClient.setQueryData<LoadedScenario>(scenarioDetailKey(scenarioId), (old) =>
        old
          ? {
              ...old,
              scenario: {
                ...old.scenario,
                fields: [
                  ...old.scenario.fields.filter((f) => f.scenario_field_id !== fieldId),
                  { scenario_field_id: fieldId, value: answer.field.value },
                ],
              },
            }
          : old,
      );
    },
  };

  const comments: CommentsApi | null = view
    ? {
        comments: view.comments,
        mode: view.commentMode,
        online,
        showBubbles: view.showBubbles,
        selected,
        select: setSelected,
        wide: layout.wide,
        scrolled: layout.scrolled,
        pausedAfterChange: paused,
        async add(field, content) {
          const checked = commentRequestSchema.safeParse({ field, content });
          if (!checked.success) throw new LocalValidationError(fieldErrors(checked.error.issues));
          if (view.commentMode === 'local') {
            const name = fullName(session.user);
            await saveLocalComment(scenarioId, field, checked.data.content, { id: session.user.id, name, image: session.user.image });
            return;
          }
          await postScenarioComment(scenarioId, field, checked.data.content);
          await refreshScenario(queryClient, scenarioId);
        },
      }
    : null;

  const waitingForStore = !local.ready && (sync.status === 'opening' || sync.status === 'ready');
  if (!view || !comments) {
    if (loaded.isError && !waitingForStore) return <PageProblem error={loaded.error} />;
    return <Spinner label="Loading scenario" />;
  }
  // The server refused this person (their access changed): the device's copy is not shown either.
  if (loaded.isError && isApiError(loaded.error) && loaded.error.status === 403) return <PageProblem error={loaded.error} />;

  const title = (view.values.title as string | null) || 'Untitled Scenario';
  // The wide layout keeps a margin right of the fields for their comment bubbles.
  const fieldList = cn('space-y-5', layout.wide && view.showBubbles && 'pr-16');
  // Only the field groups and forms the server sends this person (decision 0045: a learner reads the learner's
  // fields); the author's offline copy, without the server's answer, has them all.
  const groups = view.abilities ? fieldGroupsFor({ fieldTypes: view.abilities.field_types }) : SCENARIO_FIELD_GROUPS;
  const formTabs = scenarioFormTabs(view, session, view.abilities?.form_kinds);
  const scenarioTab = (
    <Tabs
      label="Scenario sections"
      items={[
        {
          value: 'overview',
          label: 'Overview',
          content: (
            <div className={fieldList}>
              {SCENARIO_CORE_FIELDS.map((field) => (
                <CoreField key={field.key} field={field} value={view.values[field.key]} writer={writer} />
              ))}
            </div>
          ),
        },
        ...groups.map((group) => ({
          value: group.label,
          label: group.label,
          content: (
            <div className={fieldList}>
              {group.fields.map((field) => (
                <GroupField key={field.id} field={field} value={view.fieldValues.get(field.id) ?? ''} writer={writer} />
              ))}
            </div>
          ),
        })),
      ]}
    />
  );

  return (
    <AutosaveScope registry={registry}>
      <CommentsScope value={comments}>
        {/* data-edit-mode says where edits go (local store, online calls, nowhere): tests and support read it. */}
        <div className="space-y-6" data-testid="scenario-page" data-edit-mode={view.editMode} data-comment-mode={view.commentMode}>
          <header className="space-y-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <p className="text-sm">
                  <Link to="/scenarios" className="text-brand-700 hover:underline">
                    Scenarios
                  </Link>
                </p>
                <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span data-testid="scenario-status" className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700">
                    {SCENARIO_STATUS_LABELS[view.status]}
                  </span>
                  {view.detail?.live_edit || doc?.live_edit ? (
                    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-medium text-amber-800">Live edit</span>
                  ) : null}
                </p>
              </div>
              <PopupButtons scenarioId={scenarioId} online={online} />
            </div>
            {view.abilities ? (
              <ScenarioActions
                scenarioId={scenarioId}
                abilities={view.abilities}
                online={online && !view.fromDevice}
                hasLocalCopy={!!doc}
                flushEdits={() => registry.flushAll()}
              />
            ) : null}
            {view.fromDevice ? (
              <Alert tone="warning" role="status">
                You are offline. This is the scenario as last saved on this device.
              </Alert>
            ) : null}
            <EditHint view={view} online={online} />
            <SaveIndicator state={saveState} view={view} online={online} />
          </header>

          <div className={cn('grid gap-6', layout.wide ? 'grid-cols-[minmax(0,1fr)_22rem]' : 'grid-cols-1')}>
            <Card>
              <CardBody>
                <Tabs label="Scenario" items={[{ value: 'scenario', label: 'Scenario', content: scenarioTab }, ...formTabs]} />
              </CardBody>
            </Card>
            <aside className="space-y-4" aria-label="Scenario side panel">
              <CommentPanel placement="column" />
              <SidePanel view={view} online={online && !view.fromDevice} />
            </aside>
          </div>
        </div>
      </CommentsScope>
    </AutosaveScope>
  );
}
