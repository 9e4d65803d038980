import { type PlaylistEntry, playlistEntryPath, playlistEntryStatusLabel } from '@simvisit/schema';
import { cn } from '@simvisit/ui';
import { AppLink } from '../../lib/app-link';

const STATUS_TONES: Record<ReturnType<typeof playlistEntryStatusLabel>, string> = {
  SCHEDULED: 'bg-brand-50 text-brand-800 ring-brand-200',
  COMPLETED: 'bg-green-50 text-green-800 ring-green-200',
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-200',
  'NOT SCHEDULED': 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** The owner's progress with the scenario (spec 001 §4); only the owner is shown it. */
export function EntryStatus({ status }: { status: number | null }) {
  const label = playlistEntryStatusLabel(status);
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_TONES[label],
      )}
    >
      {label}
    </span>
  );
}

/** The patient image of a scenario, or its first letter when it has none (decorative: the title names it). */
export function PatientImage({ entry }: { entry: PlaylistEntry }) {
  if (entry.patient_image) {
    return <img src={entry.patient_image} alt="" className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover" />;
  }
  const initial = (entry.scenario.patient_name ?? entry.scenario.title ?? '?').trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-lg font-semibold text-slate-600"
    >
      {initial}
    </span>
  );
}

export const entryTitle = (entry: PlaylistEntry) => entry.scenario.title?.trim() || 'Untitled Scenario';

/**
 * Image, title (a link to the visit or the scenario overview) and patient name of one entry. With `status`
 * (owner only) the label sits beside the row on wide screens and under the name on narrow ones.
 */
export function EntrySummary({ entry, status = false }: { entry: PlaylistEntry; status?: boolean }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <PatientImage entry={entry} />
      <div className="min-w-0">
        <AppLink
          to={playlistEntryPath(entry)}
          className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {entryTitle(entry)}
        </AppLink>
        {entry.scenario.patient_name ? <p className="truncate text-sm text-slate-600">{entry.scenario.patient_name}</p> : null}
        {status ? (
          <span className="mt-1 block sm:hidden">
            <EntryStatus status={entry.status} />
          </span>
        ) : null}
      </div>
      {status ? (
        <span className="ml-auto hidden shrink-0 sm:block">
          <EntryStatus status={entry.status} />
        </span>
      ) : null}
    </div>
  );
}
