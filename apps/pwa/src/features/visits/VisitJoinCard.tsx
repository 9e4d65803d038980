import { type JoinRole, joinWindow, VISIT_DETAIL_TEXTS, VISIT_MESSAGES, VISIT_RULES, type VisitDetail } from '@simvisit/schema';
import { Button, LazyModal } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify, notifyFailure, notifySuccess } from '../../platform/notices';
import { SessionJoinPanel } from '../../platform/session-join';
import { visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

type CloseKind = 'complete' | 'noShow' | 'learnerTech';

const CLOSE_QUESTIONS: Record<CloseKind, { title: string; question: string }> = {
  complete: { title: T.complete, question: T.completeQuestion },
  noShow: { title: T.noShow, question: T.noShowQuestion },
  learnerTech: { title: T.learnerTech, question: T.techQuestion },
};

export interface VisitJoinCardProps {
  visit: VisitDetail;
  role: JoinRole;
  canClose: boolean;
  now: Date;
  /** the visit changed on the server (load it again) */
  onChanged: () => Promise<unknown>;
  /** the SP's feedback form is next (action 'feedback') */
  onFeedback: () => void;
}

/**
 * Joining (spec 001 §4 'Join sessions'): the countdown in the hour before the window opens ('The visit will open
 * in N minutes and M seconds'), the Join button inside the window (20 minutes before the start, the SP 30, until
 * 90 minutes after), and the SP's close actions once the visit has started.
 */
export function VisitJoinCard({ visit, role, canClose, now, onChanged, onFeedback }: VisitJoinCardProps) {
  const w = joinWindow(new Date(visit.start_at), now, role === 'sp');
  const [closing, setClosing] = useState<CloseKind | null>(null);

  const close = useMutation({
    mutationFn: async (kind: CloseKind) => {
      if (kind === 'complete') return { kind, answer: await visitCalls.complete(visit.id) };
      if (kind === 'noShow') return { kind, answer: await visitCalls.noShow(visit.id) };
      return { kind, answer: await visitCalls.learnerTech(visit.id) };
    },
    onSuccess: async ({ kind, answer }) => {
      setClosing(null);
      if (kind === 'complete' && 'action' in answer && answer.action === 'feedback') {
        onFeedback();
        return;
      }
      notifySuccess(kind === 'complete' ? VISIT_DETAIL_TEXTS.completed : answer.message);
      await onChanged();
    },
    onError: (error, kind) => {
      setClosing(null);
      const title =
        kind === 'complete'
          ? VISIT_DETAIL_TEXTS.completeError
          : kind === 'noShow'
            ? VISIT_MESSAGES.noShowError
            : VISIT_MESSAGES.techIssueError;
      notifyFailure(title, error);
    },
  });

  const minutes = VISIT_RULES.joinOpensMinutes + (role === 'sp' ? VISIT_RULES.spExtraMinutes : 0);
  return (
    <SessionJoinPanel
      noun="visit"
      window={w}
      now={now}
      texts={{
        title: T.joinTitle,
        join: T.join,
        joining: T.joining,
        before: T.joinBefore(minutes),
        closed: T.joinClosed,
        openMeeting: T.openMeeting,
      }}
      fetchLink={() => visitCalls.join(visit.id)}
      errorTitle={VISIT_MESSAGES.joinError}
      linkNotGenerated={VISIT_MESSAGES.linkNotGenerated}
    >
      {canClose ? (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{T.closeTitle}</h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => setClosing('complete')}>
              {T.complete}
            </Button>
            <Button variant="secondary" onClick={() => setClosing('noShow')}>
              {T.noShow}
            </Button>
            <Button variant="secondary" onClick={() => setClosing('learnerTech')}>
              {T.learnerTech}
            </Button>
          </div>
        </div>
      ) : null}
      {/* The close question's dialog loads when first asked: most visits are only viewed (decision 0085). */}
      <LazyModal
        open={closing !== null}
        onOpenChange={(open) => {
          if (!open && !close.isPending) {
            if (closing) notify({ title: 'Missing Data Warning', content: 'No choice was made.', icon: 'warning', color: 'yellow' });
            setClosing(null);
          }
        }}
        title={closing ? CLOSE_QUESTIONS[closing].title : ''}
        description={closing ? CLOSE_QUESTIONS[closing].question : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setClosing(null)} disabled={close.isPending}>
              {T.no}
            </Button>
            <Button onClick={() => closing && close.mutate(closing)} disabled={close.isPending} aria-busy={close.isPending}>
              {T.yes}
            </Button>
          </>
        }
      />
    </SessionJoinPanel>
  );
}
