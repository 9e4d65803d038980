import { cardDateTime, PARTICIPANT_STATUSES, type ParticipantStatus, requestHref, VISIT_EMPTY_TEXTS, visitHref } from '@simvisit/schema';
import { Alert, Card, CardBody, CardHeader, SelectField, Spinner } from '@simvisit/ui';
import { useId, useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDisplayZone } from '../../platform/session';
import { type DashboardFilter, useParticipants } from './visit-dashboard-queries';

const STATUS_LABELS: Record<ParticipantStatus, string> = {
  all: 'All',
  pending: 'Pending',
  scheduled: 'Scheduled',
  completed: 'Completed',
  canceled: 'Canceled',
};

/**
 * The client admin's visit report (spec 000 §2.12): participants grouped by scenario and visit, with a status
 * choice. A pending participant opens the request, the others the visit.
 */
export function ParticipantReport({ filter }: { filter: DashboardFilter }) {
  const id = useId();
  const [status, setStatus] = useState<ParticipantStatus>('all');
  const zone = useDisplayZone();
  const { data, isPending, isPlaceholderData } = useParticipants(filter, status);

  return (
    <Card aria-labelledby={id} data-testid="visit-report">
      <CardHeader
        title={<span id={id}>Visit Report</span>}
        actions={
          <SelectField
            id={`${id}-status`}
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as ParticipantStatus)}
            options={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
        }
      />
      <CardBody className={isPlaceholderData ? 'opacity-60' : undefined}>
        {isPending ? (
          <Spinner label="Loading the visit report" />
        ) : !data ? null : data.participants.length === 0 ? (
          <p role="status" className="py-4 text-center text-slate-600">
            {VISIT_EMPTY_TEXTS.participants}
          </p>
        ) : (
          <div className="space-y-6">
            {data.truncated ? (
              <Alert tone="info" role="status">
                Showing the first entries only. Choose a partner, scenario or status to see the rest.
              </Alert>
            ) : null}
            {data.participants.map((group) => (
              <section key={group.scenario_id} aria-label={group.scenario_title} className="space-y-3">
                <h3 className="font-semibold text-slate-900">{group.scenario_title}</h3>
                {group.visits.map((visit) => (
                  <div key={visit.visit_title} className="space-y-1">
                    <h4 className="text-sm font-medium text-slate-600">{visit.visit_title}</h4>
                    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                      {visit.participants.map((p) => {
                        const when = p.local_time ? cardDateTime(p.local_time, zone) : null;
                        return (
                          <li key={`${p.kind}-${p.id}`}>
                            <AppLink
                              to={p.kind === 'request' ? requestHref(p.id) : visitHref(p.id)}
                              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                            >
                              <span>
                                <span className="font-medium text-slate-900">{p.name}</span>{' '}
                                <span className="text-slate-500">({p.email})</span>
                              </span>
                              <span className="text-slate-600">
                                {when ? (
                                  <time dateTime={p.local_time ?? undefined}>
                                    {when.date}, {when.time}
                                  </time>
                                ) : null}{' '}
                                · {p.status}
                              </span>
                            </AppLink>
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                ))}
              </section>
            ))}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
