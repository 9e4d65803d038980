import type { PlaylistEntry, ScenarioCard } from '@simvisit/schema';
import { Alert, Button, Modal, Spinner } from '@simvisit/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { PatientImage } from './EntrySummary';
import { useAddScenario, useScenarioCatalogue } from './playlists-api';

export interface AddScenarioDialogProps {
  playlistId: number;
  entries: readonly PlaylistEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** An entry-shaped view of a scenario card, so the picker shows the same image as the list. */
const asEntry = (s: ScenarioCard): PlaylistEntry => ({
  id: s.id,
  status: null,
  visit_id: null,
  patient_image: s.patient_image,
  scenario: { id: s.id, title: s.title, patient_name: s.patient_name },
});

/**
 * The Add Scenario picker: published scenarios the person may see (GET api/scenario, 10 a page); those already
 * in the playlist are marked. It stays open so several can be added in a row.
 */
export function AddScenarioDialog({ playlistId, entries, open, onOpenChange }: AddScenarioDialogProps) {
  const [page, setPage] = useState(1);
  const catalogue = useScenarioCatalogue(page, open);
  const add = useAddScenario(playlistId);
  const added = new Set(entries.map((e) => e.scenario.id));
  const data = catalogue.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Scenario"
      description="Scenarios you can open, 10 a page."
      className="max-w-xl"
    >
      {catalogue.isError ? (
        <Alert tone="danger" role="alert" title="Error loading scenarios.">
          {errorMessage(catalogue.error)}
        </Alert>
      ) : !data ? (
        <Spinner label="Loading scenarios" />
      ) : data.scenarios.length === 0 ? (
        <p role="status" className="py-4 text-center text-slate-600">
          There are no scenarios you can add.
        </p>
      ) : (
        <div className="space-y-4">
          <ul aria-label="Scenarios to add" aria-busy={catalogue.isPlaceholderData} className="divide-y divide-slate-100">
            {data.scenarios.map((s) => {
              const title = s.title?.trim() || 'Untitled Scenario';
              const isAdded = added.has(s.id);
              const adding = add.isPending && add.variables === s.id;
              return (
                <li key={s.id} className="flex items-center gap-3 py-2">
                  <PatientImage entry={asEntry(s)} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">{title}</p>
                    {s.patient_name ? <p className="truncate text-sm text-slate-600">{s.patient_name}</p> : null}
                  </div>
                  <Button
                    size="sm"
                    variant={isAdded ? 'ghost' : 'secondary'}
                    disabled={isAdded || add.isPending}
                    aria-busy={adding || undefined}
                    aria-label={isAdded ? `${title} is in the playlist` : `Add ${title}`}
                    onClick={() => add.mutate(s.id)}
                  >
                    {isAdded ? 'Added' : 'Add'}
                  </Button>
                </li>
              );
            })}
          </ul>
          {pageCount > 1 ? (
            <nav aria-label="Scenario pages" className="flex items-center justify-between gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {page} of {pageCount}
              </span>
              <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Done
        </Button>
      </div>
    </Modal>
  );
}
