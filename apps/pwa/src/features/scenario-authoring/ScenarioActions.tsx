import { commentFieldLabel, SCENARIO_MESSAGES, SCENARIO_STATUS, type ScenarioAbilities, scenariosApi } from '@simvisit/schema';
import { Button, type ButtonVariant, Modal } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { apiCall, errorMessage, isApiError } from '../../lib/api';
import { notify, notifyError } from '../../platform/notices';
import { useStoreDatabase } from '../../platform/sync';
import { UnsyncedChangesError, waitUntilPushed } from './local-scenario';
import { forgetScenario, updateScenarioField } from './scenario-api';
import { refreshScenario, refreshScenarioLists } from './scenario-calls';

const M = SCENARIO_MESSAGES;

type Action = 'submit' | 'take' | 'send_back' | 'approve' | 'publish' | 'live_edit' | 'end_live_edit' | 'clone' | 'delete';

const ACTIONS: { action: Action; label: string; allowed: keyof ScenarioAbilities; variant: ButtonVariant }[] = [
  { action: 'submit', label: 'Submit For Review', allowed: 'can_submit', variant: 'primary' },
  { action: 'take', label: 'Take Scenario Under My Review', allowed: 'can_take', variant: 'primary' },
  { action: 'send_back', label: 'Send Back for Editing', allowed: 'can_send_back', variant: 'secondary' },
  { action: 'approve', label: 'Approve', allowed: 'can_approve', variant: 'primary' },
  { action: 'publish', label: 'Go Live with this Scenario', allowed: 'can_publish', variant: 'primary' },
  { action: 'live_edit', label: 'Make Scenario Changes', allowed: 'can_live_edit', variant: 'secondary' },
  { action: 'end_live_edit', label: 'Done with Changes', allowed: 'can_end_live_edit', variant: 'primary' },
  { action: 'clone', label: 'Clone Scenario', allowed: 'can_clone', variant: 'secondary' },
  { action: 'delete', label: 'Delete Scenario', allowed: 'can_delete', variant: 'danger' },
];

/** A warning dialog: 'Required fields are empty.' with the fields, or 'Missing Data Warning' (spec 001 §5). */
interface Warning {
  title: string;
  message: string | null;
  items: string[];
}

/** The 422 of a status change, as the warning the spec names; null when it is another failure. */
export function warningOf(error: unknown): Warning | null {
  if (!isApiError(error) || error.status !== 422) return null;
  if (error.message === M.noPartners || Object.values(error.errors).some((m) => m.includes(M.noPartners))) {
    return { title: M.missingDataTitle, message: M.noPartners, items: [] };
  }
  if (error.message === M.requiredEmpty) {
    // The fields by their labels, in the page's order (the messages only repeat "… is required.").
    const items = Object.keys(error.errors).map(commentFieldLabel);
    return { title: M.requiredEmpty, message: null, items };
  }
  return null;
}

/**
 * The scenario's actions (spec 001 §2, §4), each shown only when the server's abilities allow it. They are
 * calls to the server (DESIGN.md §5: status changes are online only), disabled with a hint while offline.
 */
export function ScenarioActions({
  scenarioId,
  abilities,
  online,
  hasLocalCopy,
  flushEdits,
}: {
  scenarioId: number;
  abilities: ScenarioAbilities;
  online: boolean;
  hasLocalCopy: boolean;
  flushEdits: () => Promise<void>;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const db = useStoreDatabase();
  const [busy, setBusy] = useState<Action | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'submit' | 'delete' | null>(null);
  const [warning, setWarning] = useState<Warning | null>(null);
  const shown = ACTIONS.filter((a) => abilities[a.allowed] === true);
  if (shown.length === 0) return null;

  async function afterStatusChange() {
    notify({ title: M.statusUpdated, icon: 'success', color: 'green' });
    await refreshScenario(queryClient, scenarioId);
    await router.navigate({ href: `/scenarios/${scenarioId}` });
  }

  async function changeStatus(field: 'status' | 'live_edit', value: number) {
    await updateScenarioField(scenarioId, field, value);
    await afterStatusChange();
  }

  async function submitForReview() {
    await flushEdits();
    if (hasLocalCopy && db) {
      setProgress('Sending your latest changes…');
      await waitUntilPushed(db, scenarioId);
    }
    setProgress(null);
    await changeStatus('status', SCENARIO_STATUS.review);
  }

  async function run(action: Action) {
    setBusy(action);
    try {
      switch (action) {
        case 'submit':
          await submitForReview();
          break;
        case 'take':
          await apiCall(scenariosApi.take, { params: { id: scenarioId } });
          await afterStatusChange();
          break;
        case 'send_back':
          await changeStatus('status', SCENARIO_STATUS.editing);
          break;
        case 'approve':
          await changeStatus('status', SCENARIO_STATUS.approved);
          break;
        case 'publish':
          await changeStatus('status', SCENARIO_STATUS.published);
          break;
        case 'live_edit':
          await changeStatus('live_edit', 1);
          break;
        case 'end_live_edit':
          await changeStatus('live_edit', 0);
          break;
        case 'clone': {
          const answer = await apiCall(scenariosApi.clone, { body: { scenario_id: scenarioId } });
          notify({ title: answer.message || M.cloned, icon: 'success', color: 'green' });
          refreshScenarioLists(queryClient);
          // Spec 001 §2: cloning goes to /scenarios and then to the new scenario.
          await router.navigate({ href: '/scenarios' });
          await router.navigate({ href: `/scenarios/${answer.scenario_id}` });
          break;
        }
        case 'delete': {
          const answer = await apiCall(scenariosApi.remove, { params: { id: scenarioId } });
          notify({ title: answer.message || M.deleted, icon: 'success', color: 'green' });
          forgetScenario(queryClient, scenarioId);
          refreshScenarioLists(queryClient);
          await router.navigate({ href: '/scenarios' });
          break;
        }
      }
    } catch (error) {
      setProgress(null);
      if (isApiError(error) && error.sessionEnded) return;
      const known = warningOf(error);
      if (known) setWarning(known);
      else if (error instanceof UnsyncedChangesError)
        notify({ title: 'Not submitted yet', content: error.message, icon: 'warning', color: 'yellow' });
      else
        notifyError(
          action === 'clone' ? 'Error cloning scenario' : action === 'delete' ? 'Error deleting scenario' : 'Error updating scenario',
          errorMessage(error),
        );
      if (isApiError(error)) await refreshScenario(queryClient, scenarioId);
    } finally {
      setBusy(null);
    }
  }

  function confirmClosed(open: boolean) {
    if (open) return;
    // Spec 001 §8: dismissing a confirmation without a choice warns that nothing was done.
    setConfirming(null);
    notify({ title: M.missingDataTitle, content: 'No choice was made, so nothing was changed.', icon: 'warning', color: 'yellow' });
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {shown.map((a) => (
          <Button
            key={a.action}
            variant={a.variant}
            disabled={!online || busy !== null}
            aria-describedby={online ? undefined : 'scenario-actions-offline'}
            onClick={() => (a.action === 'submit' || a.action === 'delete' ? setConfirming(a.action) : void run(a.action))}
          >
            {a.label}
          </Button>
        ))}
      </div>
      {online ? null : (
        <p id="scenario-actions-offline" className="text-xs text-amber-800">
          You are offline. These actions need a connection; your edits are kept on this device meanwhile.
        </p>
      )}
      {progress ? (
        <p role="status" className="text-xs text-slate-600">
          {progress}
        </p>
      ) : null}
      <Modal
        open={confirming === 'submit'}
        onOpenChange={confirmClosed}
        title="Submit For Review"
        description={M.submitConfirm}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirming(null);
                void run('submit');
              }}
            >
              Submit For Review
            </Button>
          </>
        }
      />
      <Modal
        open={confirming === 'delete'}
        onOpenChange={confirmClosed}
        title="Delete Scenario"
        description="This scenario will be deleted. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(null);
                void run('delete');
              }}
            >
              Delete Scenario
            </Button>
          </>
        }
      />
      <Modal
        open={warning !== null}
        onOpenChange={(open) => (open ? null : setWarning(null))}
        title={warning?.title ?? ''}
        description={warning?.message ?? undefined}
        footer={<Button onClick={() => setWarning(null)}>OK</Button>}
      >
        {warning?.items.length ? (
          <ul className="list-disc space-y-1 pl-5" aria-label="Empty required fields">
            {warning.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : null}
      </Modal>
    </div>
  );
}
