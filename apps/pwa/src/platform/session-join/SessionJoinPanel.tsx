import { countdownText, type JoinPhase } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, safeExternalUrl } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notifyFailure } from '../notices';

export interface SessionJoinPanelProps {
  /** the session's word in the countdown: 'The {noun} will open in N minutes and M seconds' */
  noun: string;
  /** where the join window stands (joinWindow of packages/schema) */
  window: { phase: JoinPhase; opensAt: Date };
  now: Date;
  /** false: the viewer may not join (they see only the closed text and the children) */
  canJoin?: boolean;
  texts: { title?: string; join: string; joining?: string; before: string; closed: string; openMeeting: string };
  /** asks the server for the meeting link (api/meeting/join/{type}) */
  fetchLink: () => Promise<{ link: string | null }>;
  /** spec 001 §8's failure title ('Error Joining Session.') and the text when no link came back */
  errorTitle: string;
  linkNotGenerated: string;
  /** the close actions below the join (complete, cancel, no show) and their dialogs */
  children?: ReactNode;
}

/**
 * Joining a session (spec 001 §4 'Join sessions'), one panel for visits, interviews and training sessions: the
 * text before the countdown, the countdown in the hour before the window opens, the Join button inside it, and
 * the closed text after. The meeting tab opens on the click itself (a pop-up blocker allows that) and goes to the
 * link once the server answers; only an http(s) link is followed.
 */
export function SessionJoinPanel(p: SessionJoinPanelProps) {
  const [link, setLink] = useState<string | null>(null);
  const join = useMutation({ mutationFn: p.fetchLink });
  const canJoin = p.canJoin ?? true;

  async function onJoin() {
    const meeting = window.open('', '_blank');
    try {
      const answer = await join.mutateAsync();
      const safe = safeExternalUrl(answer.link ?? '');
      if (!safe) throw new Error(p.linkNotGenerated);
      setLink(safe);
      if (meeting) {
        meeting.opener = null;
        meeting.location.href = safe;
      }
    } catch (error) {
      meeting?.close();
      notifyFailure(p.errorTitle, error);
    }
  }

  const { phase, opensAt } = p.window;
  return (
    <Card>
      <CardHeader title={p.texts.title ?? 'Join'} />
      <CardBody className="space-y-4">
        {canJoin && phase === 'before' ? <p className="text-sm text-slate-700">{p.texts.before}</p> : null}
        {canJoin && phase === 'countdown' ? (
          <p className="text-lg font-medium text-slate-900" role="timer" aria-live="off">
            {countdownText(p.noun, opensAt, p.now)}
          </p>
        ) : null}
        {canJoin && phase === 'open' ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void onJoin()} disabled={join.isPending} aria-busy={join.isPending}>
              {join.isPending && p.texts.joining ? p.texts.joining : p.texts.join}
            </Button>
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-700 underline">
                {p.texts.openMeeting}
              </a>
            ) : null}
          </div>
        ) : null}
        {phase === 'closed' ? <p className="text-sm text-slate-700">{p.texts.closed}</p> : null}
        {p.children}
      </CardBody>
    </Card>
  );
}
