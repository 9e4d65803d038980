import {
  AVAILABILITY_MESSAGES,
  addAvailabilityRequestSchema,
  availabilityByLocalDay,
  availabilityForStorage,
  availabilityInZone,
  describeWindow,
  deviceTimeZone,
  formatClockTime,
  isMissingData,
  type LocalChange,
  type LocalWindow,
  type StoredWindow,
  WEEKDAYS,
  type Weekday,
} from '@simvisit/schema';
import { Alert, Button, Card, CardBody, CardHeader, PencilIcon, PlusIcon, Spinner, TextField, TrashIcon } from '@simvisit/ui';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { type ApiForm, useApiForm } from '../../lib/api-form';
import { useUserTimeZone } from '../../lib/lookups';
import { notify, notifyError } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import type { AvailabilityRow } from '../../platform/sync';
import { deleteDoc, describeVersion, discardMine, LocalValidationError, saveDoc, useStoreDocs, useSyncState } from '../../platform/sync';

/** Which entry is open for editing: one at a time, so each field's label names exactly one control. */
type Editing =
  | { mode: 'add'; day: Weekday; id?: string; issue?: LocalChange }
  | { mode: 'edit'; day: Weekday; id: string; issue?: LocalChange };

interface Draft {
  start_time: string;
  end_time: string;
}

type Errors = Record<string, string[]>;

function savedOfflineNote(): string | null {
  return navigator.onLine ? null : 'Saved on this device. It will sync when you are back online.';
}

function windowText(local: LocalWindow): string {
  return `${formatClockTime(local.start_time)} – ${formatClockTime(local.end_time)}${local.ends_next_day ? ' (next day)' : ''}`;
}

interface EditorProps {
  day: Weekday;
  idPrefix: string;
  /** The open window's form: one at a time, so one form serves every editor. */
  windowForm: ApiForm<Draft, unknown>;
  onCancel: () => void;
}

/** Start and end on the 30-minute grid (step 1800 s), with Save and Cancel (spec 000 §2.13). */
function WindowEditor({ day, idPrefix, windowForm, onCancel }: EditorProps) {
  const { field, messages, onSubmit, submitting: saving } = windowForm;
  const errors: Errors = { start_time: messages('start_time'), end_time: messages('end_time') };
  const missing = isMissingData(errors);
  const missingMessages = [...(errors.start_time ?? []), ...(errors.end_time ?? [])].filter(
    (m) => m === AVAILABILITY_MESSAGES.startRequired || m === AVAILABILITY_MESSAGES.endRequired,
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Availability on ${day}`}
      className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3"
    >
      {missing ? (
        <Alert tone="warning" title="Missing Data" role="alert">
          {missingMessages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </Alert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('start_time', `${idPrefix}-start`)} label="Start Time" type="time" step={1800} />
        <TextField {...field('end_time', `${idPrefix}-end`)} label="End Time" type="time" step={1800} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** A refused change waiting to be fixed or discarded; the person's times are kept until then. */
function RefusedChanges({ issues, onFix }: { issues: LocalChange[]; onFix: (issue: LocalChange) => void }) {
  if (issues.length === 0) return null;
  return (
    <Alert tone="danger" title="Not saved" className="mb-4">
      <ul className="space-y-2">
        {issues.map((issue) => (
          <li key={issue.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {describeVersion('availabilities', issue.mine)}: {issue.message}
            </span>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => void discardMine(issue)}>
                Discard
              </Button>
              <Button size="sm" onClick={() => onFix(issue)}>
                Fix
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Availability (spec 000 §2.13, issue 3 item 5): per-day editors, Sunday to Saturday, each entry in view,
 * edit or add mode. Windows are written to the local store (offline first) and replicated; they are stored
 * with the user's time zone and shown in the device's local time.
 */
export function AvailabilityCard() {
  const session = useSignedInSession();
  const docs = useStoreDocs('availabilities');
  const sync = useSyncState();
  const viewerZone = useMemo(() => deviceTimeZone(), []);
  const userZone = useUserTimeZone(session.user.timezone_id);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The open window: the shared rule of the add call checks it, then it is written to the local store; a
  // write the store refuses (LocalValidationError) lands under the times like a 422.
  const windowForm = useApiForm({
    schema: addAvailabilityRequestSchema,
    defaultValues: { start_time: '', end_time: '' } as Draft,
    input: (draft) => ({ day: editing?.day, ...draft }),
    submit: async (draft) => {
      if (!editing) return;
      const stored = availabilityForStorage(
        { day: editing.day, start_time: draft.start_time, end_time: draft.end_time },
        viewerZone,
        userZone,
      );
      await saveDoc('availabilities', {
        id: editing.id || crypto.randomUUID(),
        user_id: session.user.id,
        ...stored,
        updated_at: new Date().toISOString(),
      });
      if (editing.issue) await discardMine(editing.issue);
      notify({ title: 'Availability added!', content: savedOfflineNote(), icon: 'success', color: 'green' });
      close();
    },
    onError: (_failure, error) => {
      if (!(error instanceof LocalValidationError)) notifyError('Error', errorMessage(error));
    },
  });

  const mine = useMemo(() => (docs ?? []).filter((d) => d.user_id === session.user.id), [docs, session.user.id]);
  const byDay = useMemo(() => availabilityByLocalDay(mine as (AvailabilityRow & StoredWindow)[], viewerZone), [mine, viewerZone]);
  const refused = sync.issues.filter((i) => i.kind === 'rejected' && i.collection_name === 'availabilities');

  function open(next: Editing, values: Draft) {
    setEditing(next);
    windowForm.reset(values);
  }

  function close() {
    setEditing(null);
    windowForm.reset();
  }

  function fix(issue: LocalChange) {
    const raw = issue.mine ?? {};
    const day = (WEEKDAYS.includes(raw.day as Weekday) ? raw.day : 'Sunday') as Weekday;
    let values: Draft = { start_time: String(raw.start_time ?? ''), end_time: String(raw.end_time ?? '') };
    let localDay = day;
    try {
      const local = availabilityInZone(raw as unknown as StoredWindow, viewerZone);
      values = { start_time: local.start_time, end_time: local.end_time };
      localDay = local.day;
    } catch {
      // Incomplete times: shown as entered.
    }
    const id = String(raw.id ?? '');
    const existing = mine.some((d) => d.id === id);
    open(existing ? { mode: 'edit', day: localDay, id, issue } : { mode: 'add', day: localDay, id, issue }, values);
  }

  async function remove(doc: AvailabilityRow, local: LocalWindow) {
    try {
      await deleteDoc('availabilities', doc.id);
      if (editing?.id === doc.id) close();
      notify({
        title: 'Availability removed',
        content:
          savedOfflineNote() ??
          `${describeWindow({ day: local.day, start_time: local.start_time, end_time: local.end_time })} was removed.`,
        icon: 'success',
        color: 'green',
      });
    } catch (error) {
      notifyError('Error', errorMessage(error));
    }
  }

  const editorProps = { windowForm, onCancel: close };

  return (
    <Card id="availability" aria-labelledby="availability-title" data-testid="availability-card">
      <CardHeader title={<span id="availability-title">Availability</span>} />
      <CardBody>
        <p className="mb-4 text-sm text-slate-600">
          Times are shown in your local time ({viewerZone}).
          {userZone && userZone !== viewerZone ? ` They are saved in your profile's time zone (${userZone}) when possible.` : null}
        </p>
        <RefusedChanges issues={refused} onFix={fix} />
        {docs === null ? (
          sync.status === 'failed' ? (
            <Alert tone="danger">{sync.problem ?? 'Your availability could not be opened on this device.'}</Alert>
          ) : (
            <Spinner label="Loading availability" />
          )
        ) : (
          <div className="divide-y divide-slate-100">
            {WEEKDAYS.map((day) => {
              const entries = byDay[day];
              const adding = editing?.mode === 'add' && editing.day === day;
              return (
                <section
                  key={day}
                  aria-labelledby={`availability-${day}`}
                  className="py-3 first:pt-0 last:pb-0"
                  data-testid={`availability-day-${day}`}
                >
                  <div className="flex items-center justify-between gap-3">
                    <h3 id={`availability-${day}`} className="text-sm font-semibold text-slate-900">
                      {day}
                    </h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Add availability for ${day}`}
                      disabled={adding}
                      onClick={() => open({ mode: 'add', day }, { start_time: '', end_time: '' })}
                    >
                      <PlusIcon className="size-4" />
                      Add
                    </Button>
                  </div>
                  {entries.length === 0 && !adding ? <p className="mt-1 text-sm text-slate-500">Not available</p> : null}
                  <ul className="mt-2 space-y-2">
                    {entries.map(({ doc, local }) => {
                      const label = `${day} ${windowText(local)}`;
                      if (editing?.mode === 'edit' && editing.id === doc.id) {
                        return (
                          <li key={doc.id}>
                            <WindowEditor day={day} idPrefix={`availability-${doc.id}`} {...editorProps} />
                          </li>
                        );
                      }
                      return (
                        <li
                          key={doc.id}
                          className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm"
                          data-testid="availability-entry"
                        >
                          <span className="font-medium text-slate-800">{windowText(local)}</span>
                          <span className="flex gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`Edit ${label}`}
                              onClick={() =>
                                open({ mode: 'edit', day, id: doc.id }, { start_time: local.start_time, end_time: local.end_time })
                              }
                            >
                              <PencilIcon className="size-4" />
                            </Button>
                            <Button variant="ghost" size="sm" aria-label={`Remove ${label}`} onClick={() => void remove(doc, local)}>
                              <TrashIcon className="size-4 text-red-700" />
                            </Button>
                          </span>
                        </li>
                      );
                    })}
                    {adding ? (
                      <li>
                        <WindowEditor day={day} idPrefix={`availability-new-${day}`} {...editorProps} />
                      </li>
                    ) : null}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
