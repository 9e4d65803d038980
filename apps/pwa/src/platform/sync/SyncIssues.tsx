import type { LocalChange } from '@simvisit/schema';
import { Alert, Button, Modal } from '@simvisit/ui';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../notices';
import { describeVersion, issueTitle } from './describe';
import { discardMine, keepMine } from './shell-writes';
import { useSyncState } from './sync-state';

function IssueItem({ issue, onDone }: { issue: LocalChange; onDone: () => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notifyError('Error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  const conflict = issue.kind === 'conflict';
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid={`sync-issue-${issue.doc_id}`}>
      <h3 className="font-semibold text-slate-900">{issueTitle(issue)}</h3>
      {issue.kind === 'rejected' && issue.message ? <p className="mt-1 text-red-700">{issue.message}</p> : null}
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <div className="rounded-md bg-brand-50 px-3 py-2">
          <dt className="text-xs font-semibold tracking-wide text-brand-800 uppercase">Your version</dt>
          <dd className="mt-0.5 text-slate-900">{describeVersion(issue.collection_name, issue.mine, issue.theirs)}</dd>
        </div>
        {conflict ? (
          <div className="rounded-md bg-slate-100 px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Other version (now shown)</dt>
            <dd className="mt-0.5 text-slate-900">{describeVersion(issue.collection_name, issue.theirs, issue.mine)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {conflict ? (
          <>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run(() => discardMine(issue))}>
              Use the other version
            </Button>
            <Button size="sm" disabled={busy} onClick={() => void run(() => keepMine(issue))}>
              Keep my version
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run(() => discardMine(issue))}>
              Discard my change
            </Button>
            {issue.collection_name === 'availabilities' ? (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => {
                  onDone();
                  void router.navigate({ to: '/profile', hash: 'availability' });
                }}
              >
                Fix it
              </Button>
            ) : null}
            {issue.collection_name === 'visit_scorecards' && typeof issue.mine?.visit_id === 'number' ? (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => {
                  // The scorecard page offers the person's answers back, to fix and submit again.
                  onDone();
                  void router.navigate({ to: '/visit/$visit_id/scorecard', params: { visit_id: String(issue.mine?.visit_id) } });
                }}
              >
                Fix it
              </Button>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

/**
 * A conflict or refused write waits for the person's decision (DESIGN.md §5): a banner under the sub-header
 * until they choose, and a dialog with both versions side by side. Loaded only when there is an issue
 * (sync-issues-banner.tsx).
 */
export function SyncIssuesPanel() {
  const { issues } = useSyncState();
  const [open, setOpen] = useState(false);
  if (issues.length === 0) return null;
  const conflicts = issues.filter((i) => i.kind === 'conflict').length;
  const refused = issues.length - conflicts;
  const parts = [
    conflicts ? `${conflicts} ${conflicts === 1 ? 'change was' : 'changes were'} also made elsewhere` : null,
    refused ? `${refused} ${refused === 1 ? 'change was' : 'changes were'} not saved` : null,
  ].filter(Boolean);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <Alert tone="warning" title="Your decision is needed" data-testid="sync-conflict" role="alert">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            {parts.join('; ')}. {conflicts ? 'Choose which version to keep' : 'Fix or discard them'}; your version is kept on this device
            until you do.
          </p>
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Review {issues.length === 1 ? 'change' : 'changes'}
          </Button>
        </div>
      </Alert>
      <Modal
        open={open && issues.length > 0}
        onOpenChange={setOpen}
        title="Changes that need your decision"
        description="Your version is kept on this device until you choose."
        className="max-w-2xl"
      >
        <ul className="space-y-3">
          {issues.map((issue) => (
            <IssueItem key={issue.id} issue={issue} onDone={() => setOpen(false)} />
          ))}
        </ul>
      </Modal>
    </div>
  );
}
