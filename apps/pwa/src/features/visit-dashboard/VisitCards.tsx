import {
  cardDateTime,
  requestDatesText,
  requestHref,
  type VisitCard as VisitCardData,
  type VisitRequestCard as VisitRequestCardData,
  visitHref,
} from '@simvisit/schema';
import { cn, PatientImage } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDisplayZone } from '../../platform/session';

const UNTITLED = 'Untitled Scenario';
const UNNAMED = 'Patient not named yet';

function CardShell({
  href,
  label,
  image,
  patient,
  title,
  children,
  testId,
  id,
}: {
  href: string;
  label: string;
  image: string | null;
  patient: string | null;
  title: string | null;
  children: ReactNode;
  testId: string;
  id: number;
}) {
  return (
    <article
      aria-label={label}
      data-testid={testId}
      data-id={id}
      className="rounded-xl border border-slate-200 bg-white shadow-sm transition-colors focus-within:border-brand-300 hover:border-brand-300"
    >
      <AppLink
        to={href}
        className="group flex gap-4 p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      >
        <PatientImage location={image} className="size-16 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className={cn('text-sm font-medium', patient?.trim() ? 'text-brand-700' : 'text-slate-500 italic')}>
            {patient?.trim() || UNNAMED}
          </p>
          <p className="font-semibold text-slate-900 group-hover:text-brand-800">{title?.trim() || UNTITLED}</p>
          {children}
        </div>
      </AppLink>
    </article>
  );
}

function Person({ label, person }: { label: string; person: { name: string; email: string } | null }) {
  if (!person) return null;
  return (
    <p className="text-sm break-words text-slate-600">
      <span className="text-slate-500">{label}: </span>
      {person.name} <span className="text-slate-500">({person.email})</span>
    </p>
  );
}

function PartnerSlug({ slug, show }: { slug: string; show: boolean }) {
  if (!show) return null;
  return (
    <p className="text-sm text-slate-600">
      <span className="text-slate-500">Partner: </span>
      {slug}
    </p>
  );
}

const BADGE = 'inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset';

/** The canceled reason (spec 000 §4), the observer's scorecard state, or whether an open visit is confirmed. */
function VisitBadge({ visit }: { visit: VisitCardData }) {
  let text: string | null = null;
  let tone = 'bg-slate-50 text-slate-700 ring-slate-200';
  if (visit.canceled_reason) {
    text = visit.canceled_reason;
    tone = 'bg-red-50 text-red-800 ring-red-200';
  } else if (visit.observer_complete !== undefined) {
    text = visit.observer_complete ? 'Scorecard Complete' : 'Scorecard Pending';
    tone = visit.observer_complete ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-amber-50 text-amber-800 ring-amber-200';
  } else if (!visit.is_complete) {
    text = visit.is_confirmed ? 'Confirmed' : 'Not confirmed';
    tone = visit.is_confirmed ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-amber-50 text-amber-800 ring-amber-200';
  }
  if (!text) return null;
  return <span className={cn(BADGE, tone)}>{text}</span>;
}

/** A visit (spec 000 §2.8): patient image and name, scenario title, date and time; the people for admins. */
export function VisitCardItem({ visit, showPartner }: { visit: VisitCardData; showPartner: boolean }) {
  const { date, time } = cardDateTime(visit.local_time, useDisplayZone());
  const title = visit.scenario.title?.trim() || UNTITLED;
  return (
    <CardShell
      href={visitHref(visit.id)}
      label={`${title} on ${date}, ${time}`}
      image={visit.scenario.patient_image?.location ?? null}
      patient={visit.scenario.patient_name}
      title={visit.scenario.title}
      testId="visit-card"
      id={visit.id}
    >
      <p className="text-sm text-slate-700">
        <time dateTime={visit.local_time}>
          {date}, {time}
        </time>
      </p>
      <PartnerSlug slug={visit.partner.slug} show={showPartner} />
      <Person label="SP" person={visit.standardized_patient} />
      <Person label="Participant" person={visit.learner} />
      <VisitBadge visit={visit} />
    </CardShell>
  );
}

/** A pending request: the scenario and its two proposed dates joined by 'or' (spec 000 §2.8). */
export function RequestCardItem({ request, showPartner }: { request: VisitRequestCardData; showPartner: boolean }) {
  const dates = requestDatesText(
    request.dates.map((d) => d.local_time),
    useDisplayZone(),
  );
  const title = request.scenario.title?.trim() || UNTITLED;
  return (
    <CardShell
      href={requestHref(request.id)}
      label={`${title} requested for ${dates}`}
      image={request.scenario.patient_image?.location ?? null}
      patient={request.scenario.patient_name}
      title={request.scenario.title}
      testId="request-card"
      id={request.id}
    >
      <p className="text-sm text-slate-700">{dates}</p>
      <PartnerSlug slug={request.partner.slug} show={showPartner} />
      <Person label="Participant" person={request.user} />
    </CardShell>
  );
}
