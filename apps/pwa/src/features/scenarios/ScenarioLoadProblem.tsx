import { SCENARIO_MESSAGES } from '@simvisit/schema';
import { Alert } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../lib/api';

/**
 * Why a scenario page has nothing to show (spec 001 §2): without access (or for a scenario that does not
 * exist) 'You do not have permission to access this scenario (No Access)'; any other failure 'Error Loading
 * Scenario' with the server's message. `action` is what the person can do next (a link, a button). Shown instead
 * of a page, its first line is the page's main heading (h1); `inSection` when it stands for one part of a page.
 */
export function ScenarioLoadProblem({ error, action, inSection = false }: { error: unknown; action?: ReactNode; inSection?: boolean }) {
  if (isApiError(error) && error.sessionEnded) return null;
  const noAccess = isApiError(error) && (error.status === 403 || error.status === 404);
  const Title = inSection ? 'p' : 'h1';
  return (
    <Alert tone={noAccess ? 'warning' : 'danger'} role="alert" className="mx-auto max-w-2xl">
      {noAccess ? (
        <Title className="font-semibold">{SCENARIO_MESSAGES.noAccess}</Title>
      ) : (
        <>
          <Title className="font-semibold">{SCENARIO_MESSAGES.loadError}</Title>
          <p>{errorMessage(error)}</p>
        </>
      )}
      {action ? <div className="mt-2">{action}</div> : null}
    </Alert>
  );
}
