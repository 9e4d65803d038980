import {
  cardDateTime,
  showsPager,
  TRAINING_LIST_GROUP,
  TRAINING_LIST_TEXTS,
  type TrainingListType,
  type TrainingSessionCard,
  totalOfText,
  trainingSessionHref,
  VISIT_DASHBOARD_PAGE_SIZE,
  type VisitListRole,
} from '@simvisit/schema';
import { Pager, Spinner } from '@simvisit/ui';
import { useId, useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { useDisplayZone } from '../../platform/session';
import { useTrainingList } from './training-sessions-api';

/** One session on a list: date (MM/DD/YY) and time, type, scenario, trainer; it opens the training page. */
function TrainingCardItem({ session }: { session: TrainingSessionCard }) {
  const { date, time } = cardDateTime(session.local_time, useDisplayZone());
  return (
    <AppLink
      to={trainingSessionHref(session.id)}
      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <p className="font-semibold text-slate-900">
        {date}, {time}
      </p>
      <p className="text-sm text-slate-700">
        {session.type.name} training session ({session.type.hours} h){session.scenario ? ` — ${session.scenario.title ?? ''}` : ''}
      </p>
      <p className="text-sm text-slate-600">
        Trainer: {session.trainer.name} · {session.participants} {session.participants === 1 ? 'participant' : 'participants'}
        {session.job_number ? ` · Job ${session.job_number}` : ''}
      </p>
    </AppLink>
  );
}

/**
 * A training session list of a dashboard (spec 000 §2.8, §2.12): its cards, the empty text, and the pager only
 * above 10, reading 'Total of N {label}'.
 */
export function TrainingSessionSection({ role, type }: { role: VisitListRole; type: TrainingListType }) {
  const [page, setPage] = useState(1);
  const headingId = useId();
  const { data, isPending } = useTrainingList(role, type, page);
  const texts = TRAINING_LIST_TEXTS[TRAINING_LIST_GROUP[type]];
  const total = data?.[`${type}_total`] ?? 0;
  const items = data?.[type] ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={`section-${type}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {texts.title}
      </h2>
      {isPending ? (
        <Spinner label={`Loading ${texts.title}`} />
      ) : total === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center text-slate-600">
          {texts.empty}
        </p>
      ) : (
        <>
          <ul className="grid gap-3 lg:grid-cols-2">
            {items.map((s) => (
              <li key={s.id}>
                <TrainingCardItem session={s} />
              </li>
            ))}
          </ul>
          {showsPager(total) ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">{totalOfText(total, texts.title)}</p>
              <Pager
                page={page}
                pageCount={Math.ceil(total / VISIT_DASHBOARD_PAGE_SIZE)}
                onPageChange={setPage}
                label={`${texts.title} pages`}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
