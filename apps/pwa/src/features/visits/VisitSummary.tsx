import { canceledReason, formatInZone, type VisitResponse, visitGroup, visitHeading, zonedDateTimeParts } from '@simvisit/schema';
import { Card, CardBody } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The heading, the date and time, the state and the people the caller may see (AUTHZ-04 decided on the server). */
export function VisitSummary({ data, zone }: { data: VisitResponse; zone: string }) {
  const { visit, timezones, learner_type } = data;
  const start = new Date(visit.start_at);
  const viewer = visit.viewer;
  const group = visitGroup(visit);
  const learnerZone = timezones.learner;
  const showLearnerTime = learnerZone !== null && learnerZone !== zone && !viewer.is_learner;
  const when = zonedDateTimeParts(start, zone);
  return (
    <Card>
      <CardBody padding="lg" className="space-y-5">
        <div className="space-y-1">
          <h1 className="text-base font-medium text-slate-600">{visitHeading(visit)}</h1>
          <p className="text-2xl font-semibold tracking-tight text-slate-900">
            <span data-testid="visit-date">{when.date}</span>, <span data-testid="visit-time">{when.time}</span>
          </p>
          <p className="text-xs text-slate-500">{zone.replace(/_/g, ' ')}</p>
          {showLearnerTime ? (
            <p className="text-sm text-slate-600">
              {T.participantTime}: {formatInZone(start, learnerZone)} ({learnerZone.replace(/_/g, ' ')})
            </p>
          ) : null}
          <p className="flex flex-wrap gap-2 pt-1">
            {group === 'canceled' ? (
              <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-800">{canceledReason(visit)}</span>
            ) : group === 'completed' ? (
              <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-medium text-green-800">Complete</span>
            ) : (
              <span
                className={
                  visit.is_confirmed
                    ? 'rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-medium text-green-800'
                    : 'rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800'
                }
              >
                {visit.is_confirmed ? T.confirmed : T.unconfirmed}
              </span>
            )}
          </p>
        </div>

        <section aria-label={T.participant} className="space-y-1">
          <h2 className="text-sm font-semibold text-slate-900">{T.participant}</h2>
          <dl>
            {visit.learner.name ? <Row label={T.name}>{visit.learner.name}</Row> : null}
            {visit.learner.email && !viewer.is_learner ? <Row label={T.email}>{visit.learner.email}</Row> : null}
            {learnerZone && !viewer.is_learner ? <Row label={T.timezone}>{learnerZone.replace(/_/g, ' ')}</Row> : null}
            {learner_type ? <Row label={T.learnerType}>{learner_type}</Row> : null}
            {!learner_type && visit.learner.profession ? <Row label={T.profession}>{visit.learner.profession.title}</Row> : null}
            {visit.learner.specialty ? <Row label={T.specialty}>{visit.learner.specialty.title}</Row> : null}
          </dl>
        </section>

        {visit.standardized_patient && !viewer.is_sp ? (
          <section aria-label={T.sp} className="space-y-1">
            <h2 className="text-sm font-semibold text-slate-900">{T.sp}</h2>
            <dl>
              <Row label={T.name}>{visit.standardized_patient.name}</Row>
              <Row label={T.email}>{visit.standardized_patient.email}</Row>
              {timezones.sp ? <Row label={T.timezone}>{timezones.sp.replace(/_/g, ' ')}</Row> : null}
            </dl>
          </section>
        ) : null}

        {viewer.is_admin || viewer.is_super_admin || viewer.is_head_trainer ? (
          <section aria-label={T.observers} className="space-y-1">
            <h2 className="text-sm font-semibold text-slate-900">{T.observers}</h2>
            {visit.observer_users.length === 0 ? (
              <p className="text-sm text-slate-600">{T.noObservers}</p>
            ) : (
              <ul className="text-sm text-slate-900">
                {visit.observer_users.map((o) => (
                  <li key={o.id}>
                    {o.user.name}
                    {o.is_complete ? <span className="ml-2 text-xs text-green-700">{T.scored}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}
