import {
  SCENARIO_STATUS,
  SCENARIO_STATUS_LABELS,
  type ScenarioCard as ScenarioCardData,
  scenarioPriceLabel,
  sessionLengthLabel,
} from '@simvisit/schema';
import { cn, PatientImage } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { AppLink } from '../../lib/app-link';

/** What a card says while the author has not named the scenario or its patient yet (decision 0019). */
export const UNTITLED_SCENARIO = 'Untitled Scenario';
export const UNNAMED_PATIENT = 'Patient not named yet';
export const CREDIT_AVAILABLE = 'CREDIT AVAILABLE';

/**
 * Where a card leads (spec 001 §2): a learner goes to the overview of a published scenario (scenario.overview),
 * everyone else to the scenario itself (scenario.show).
 */
export function scenarioHref(scenario: Pick<ScenarioCardData, 'id' | 'status'>, viewerIsLearner: boolean): string {
  if (viewerIsLearner && scenario.status === SCENARIO_STATUS.published) return `/scenarios/${scenario.id}/overview`;
  return `/scenarios/${scenario.id}`;
}

const STATUS_TONES: Partial<Record<number, string>> = {
  [SCENARIO_STATUS.draft]: 'bg-slate-50 text-slate-700 ring-slate-200',
  [SCENARIO_STATUS.review]: 'bg-violet-50 text-violet-800 ring-violet-200',
  [SCENARIO_STATUS.editing]: 'bg-amber-50 text-amber-800 ring-amber-200',
  [SCENARIO_STATUS.approved]: 'bg-brand-50 text-brand-800 ring-brand-200',
  [SCENARIO_STATUS.published]: 'bg-green-50 text-green-800 ring-green-200',
  [SCENARIO_STATUS.archived]: 'bg-slate-100 text-slate-600 ring-slate-300',
};

export interface ScenarioCardProps {
  scenario: ScenarioCardData;
  href: string;
  /** Shows the status label, for lists that mix statuses (My Scenarios). */
  showStatus?: boolean;
  /** Buttons under the card (the author's Make Edits and Delete); the card itself stays one link. */
  actions?: ReactNode;
}

/**
 * A scenario in any list (spec 001 §2): patient image, patient name, title, and 'CREDIT AVAILABLE' when it has
 * credit; with its price (fee or 'Free', when the caller may see the fee) and length (issue 22, decision 0088).
 * On a phone the card is a row with a small image, so at least three fit in one screen; wider, a tile.
 */
export function ScenarioCard({ scenario, href, showStatus = false, actions }: ScenarioCardProps) {
  const patient = scenario.patient_name?.trim() || UNNAMED_PATIENT;
  const title = scenario.title?.trim() || UNTITLED_SCENARIO;
  const credit = Boolean(scenario.credit_text?.trim());
  const price = scenario.fee === undefined ? null : scenarioPriceLabel(scenario.fee);
  const length = sessionLengthLabel(scenario.session_duration);
  return (
    <article
      aria-label={title}
      data-scenario-id={scenario.id}
      data-status={scenario.status}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-colors focus-within:border-brand-300 hover:border-brand-300"
    >
      <AppLink
        to={href}
        className="group flex flex-1 flex-wrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:flex-col sm:flex-nowrap"
      >
        <PatientImage location={scenario.patient_image} className="aspect-square w-20 shrink-0 sm:aspect-[4/3] sm:w-full" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 px-3 py-2 sm:gap-1 sm:px-4 sm:py-3">
          <span className={cn('truncate text-sm font-medium', scenario.patient_name?.trim() ? 'text-brand-700' : 'text-slate-500 italic')}>
            {patient}
          </span>
          <span className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-800">{title}</span>
          {price || length ? (
            <span data-testid="scenario-terms" className="flex flex-wrap gap-x-3 text-sm text-slate-700">
              {price ? <span data-testid="scenario-price">{price}</span> : null}
              {length ? <span data-testid="scenario-length">{length}</span> : null}
            </span>
          ) : null}
          {showStatus ? (
            <span
              className={cn(
                'mt-1 inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
                STATUS_TONES[scenario.status] ?? 'bg-slate-50 text-slate-700 ring-slate-200',
              )}
            >
              {SCENARIO_STATUS_LABELS[scenario.status]}
            </span>
          ) : null}
        </div>
        {credit ? (
          <span className="block w-full basis-full bg-brand-600 px-4 py-1 text-center text-xs font-semibold tracking-wider text-white sm:py-1.5">
            {CREDIT_AVAILABLE}
          </span>
        ) : null}
      </AppLink>
      {actions ? <div className="flex flex-wrap gap-2 border-t border-slate-100 px-3 py-2 sm:px-4 sm:py-3">{actions}</div> : null}
    </article>
  );
}
