import { VISIT_MESSAGES, type VisitAbilities, type VisitDetail, type VisitResponse } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, safeExternalUrl, TextField } from '@simvisit/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AppLink } from '../../lib/app-link';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { recordingQuery, verbalFeedbackQuery, visitCalls } from './visit-api';
import { openVisitPopup } from './visit-popups';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** What the visit page shows: its details, or one of the sub-views an action opens. */
export type VisitPageView = 'details' | 'cancel' | 'reschedule' | 'transfer' | 'observers' | 'adjust';

/** The actions of the caller (the shared rules decide each button; the server applies the same rules). */
export function VisitActions({
  data,
  abilities,
  onView,
  onChanged,
}: {
  data: VisitResponse;
  abilities: VisitAbilities;
  onView: (view: VisitPageView) => void;
  onChanged: (visit: VisitDetail | null) => Promise<unknown>;
}) {
  const visit = data.visit;
  const [link, setLink] = useState<string | null>(null);
  const linkId = useId();
  const recording = useQuery({ ...recordingQuery(visit.id), enabled: abilities.can_view_recording });
  const verbal = useQuery({ ...verbalFeedbackQuery(visit.scenario_id), enabled: abilities.can_share });

  const confirm = useMutation({
    mutationFn: () => visitCalls.confirm(visit.id),
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await onChanged(null);
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.confirmError, error),
  });
  const rescheduleLink = useMutation({
    mutationFn: () => visitCalls.rescheduleLink(visit.id),
    onSuccess: async ({ reschedule_link, message }) => {
      notifySuccess(message);
      setLink(reschedule_link);
      await onChanged(null);
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.linkError, error),
  });

  const recordingLink = safeExternalUrl(recording.data?.link);

  const buttons: ReactNode[] = [];
  if (abilities.can_confirm) {
    buttons.push(
      <Button key="confirm" onClick={() => confirm.mutate()} disabled={confirm.isPending} aria-busy={confirm.isPending}>
        {T.confirm}
      </Button>,
    );
  }
  if (abilities.can_reschedule)
    buttons.push(
      <Button key="reschedule" variant="secondary" onClick={() => onView('reschedule')}>
        {T.reschedule}
      </Button>,
    );
  if (abilities.can_transfer)
    buttons.push(
      <Button key="transfer" variant="secondary" onClick={() => onView('transfer')}>
        {T.transfer}
      </Button>,
    );
  if (abilities.can_adjust)
    buttons.push(
      <Button key="adjust" variant="secondary" onClick={() => onView('adjust')}>
        {T.adjust}
      </Button>,
    );
  if (abilities.can_manage_observers)
    buttons.push(
      <Button key="observers" variant="secondary" onClick={() => onView('observers')}>
        {T.manageObservers}
      </Button>,
    );
  if (abilities.can_generate_reschedule_link) {
    buttons.push(
      <Button
        key="link"
        variant="secondary"
        onClick={() => rescheduleLink.mutate()}
        disabled={rescheduleLink.isPending}
        aria-busy={rescheduleLink.isPending}
      >
        {T.rescheduleLink}
      </Button>,
    );
  }
  if (abilities.can_view_recording) {
    buttons.push(
      recordingLink ? (
        <a
          key="recording"
          href={recordingLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          onClick={() => notifySuccess(VISIT_MESSAGES.redirectingToRecording)}
        >
          {T.recording}
        </a>
      ) : recording.isPending ? null : (
        // No link to a dead end (issue 22, decision 0087): without a recording the page says when it comes.
        <p key="recording" role="status" className="inline-flex min-h-10 items-center text-sm text-slate-700">
          {recording.isError ? `${VISIT_MESSAGES.recordingError} ${errorMessage(recording.error)}` : T.recordingPending}
        </p>
      ),
    );
  }
  if (abilities.can_share) {
    buttons.push(
      <Button key="share" variant="secondary" onClick={() => openVisitPopup('share', visit.scenario_id)}>
        {T.share}
      </Button>,
    );
  }
  if (abilities.can_share_zoom_message) {
    buttons.push(
      <Button key="zoom" variant="secondary" onClick={() => openVisitPopup('zoom-message', visit.scenario_id)}>
        {T.zoomMessage}
      </Button>,
    );
  }
  if (abilities.can_share && verbal.data?.has_verbal_feedback) {
    buttons.push(
      <Button key="print" variant="secondary" onClick={() => openVisitPopup('print-feedback', visit.scenario_id)}>
        {T.printFeedback}
      </Button>,
    );
  }
  if (abilities.can_cancel)
    buttons.push(
      <Button key="cancel" variant="danger" onClick={() => onView('cancel')}>
        {T.cancel}
      </Button>,
    );

  const scorecards = abilities.scorecard_buttons;
  if (buttons.length === 0 && scorecards.length === 0 && !link) return null;
  return (
    <Card>
      <CardHeader title={T.actions} />
      <CardBody className="space-y-4">
        {buttons.length > 0 ? <div className="flex flex-wrap gap-2">{buttons}</div> : null}
        {link ? (
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              id={linkId}
              label="Reschedule Link"
              value={link}
              readOnly
              className="min-w-72 flex-1"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(
                  () => notifySuccess(T.linkCopied),
                  () => undefined,
                );
              }}
            >
              {T.copyLink}
            </Button>
          </div>
        ) : null}
        {scorecards.length > 0 ? (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <h2 className="text-sm font-semibold text-slate-900">{T.scorecards}</h2>
            <div className="flex flex-wrap gap-2">
              {scorecards.map((b) => (
                <AppLink
                  key={b.label}
                  to={`/visit/${visit.id}/scorecard`}
                  className={
                    b.complete
                      ? 'inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700'
                      : 'inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50'
                  }
                >
                  {b.label}
                </AppLink>
              ))}
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
