import { barPercent, isAtWarning, SESSION_COUNTER_MESSAGES as M, type SessionCounterPartner, sessionCounterPage } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, cn, MailIcon, Pager, Spinner, WarningIcon } from '@simvisit/ui';
import { useId, useState } from 'react';
import { ClientAdminsDialog } from './ClientAdminsDialog';
import { useSessionCounter } from './session-counter-api';
import { UsageChart } from './UsageChart';

/** One partner's row: long name, usage %, used seats / seats and the bar; red with a text cue at 80% or more. */
function UsageRow({ partner, onMail }: { partner: SessionCounterPartner; onMail: (() => void) | null }) {
  const id = useId();
  const warning = isAtWarning(partner.usage);
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p id={`${id}-name`} className="truncate text-sm font-medium text-slate-900">
            {partner.long_name}
          </p>
          <p className="text-xs text-slate-600">
            <span className={cn('font-semibold', warning ? 'text-red-700' : 'text-slate-800')}>{partner.usage}%</span>
            {' · '}
            {partner.used_seats} / {partner.seats} seats
            {partner.held_seats > 0 ? ` · ${partner.held_seats} held` : ''}
            {warning ? (
              <span className="ml-2 inline-flex items-center gap-1 font-medium text-red-700">
                <WarningIcon aria-hidden="true" className="size-3.5" />
                {M.atWarning}
              </span>
            ) : null}
          </p>
        </div>
        {onMail ? (
          <Button variant="secondary" size="sm" onClick={onMail} aria-label={`Email the client administrators of ${partner.long_name}`}>
            <MailIcon aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-name`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={barPercent(partner.usage)}
        aria-valuetext={`${partner.usage}%, ${partner.used_seats} of ${partner.seats} seats used${partner.held_seats > 0 ? `, ${partner.held_seats} held awaiting email confirmation` : ''}${warning ? `, ${M.atWarning.toLowerCase()}` : ''}`}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-100 print:border print:border-slate-400"
      >
        <div
          className={cn('h-full rounded-full', warning ? 'bg-red-600' : 'bg-brand-600')}
          style={{ width: `${barPercent(partner.usage)}%` }}
        />
      </div>
    </li>
  );
}

/**
 * The session counter (spec 000 §2.9) on the admin and client admin dashboards at partner 28: seat usage per
 * partner, five a page, fullest first. Outside the client admin view, a row at 80% or more has a mail button
 * opening its client administrators (the server sends their addresses for those rows only).
 */
export function SessionCounterCard({ clientAdmin }: { clientAdmin: boolean }) {
  const id = useId();
  const { data, isPending, isError } = useSessionCounter(clientAdmin);
  const [page, setPage] = useState(0);
  const [mailed, setMailed] = useState<SessionCounterPartner | null>(null);
  // A failed load is only logged (spec 000 §8): the card stays out of the way.
  if (isError) return null;
  const rows = data?.partners ?? [];
  const shown = sessionCounterPage(rows, page);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{M.title}</span>} />
      <CardBody>
        {isPending ? (
          <Spinner label="Loading the session counter" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">{M.noPartners}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {shown.rows.map((p) => (
                <UsageRow key={p.id} partner={p} onMail={!clientAdmin && isAtWarning(p.usage) ? () => setMailed(p) : null} />
              ))}
            </ul>
            <Pager
              className="mt-3"
              label="Session counter pages"
              page={shown.page + 1}
              pageCount={shown.pages}
              onPageChange={(p) => setPage(p - 1)}
            />
            <UsageChart partners={shown.rows} />
          </>
        )}
      </CardBody>
      <ClientAdminsDialog partner={mailed} onClose={() => setMailed(null)} />
    </Card>
  );
}
