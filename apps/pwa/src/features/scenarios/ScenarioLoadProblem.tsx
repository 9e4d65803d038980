import { SCENARIO_MESSAGES } from '@simvisit/schema';
import { Alert } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../lib/api';

/**
 * Why a scenario page has nothing to show (spec 001 §2): without access (or for a scenario that does not
 * exist) 'You do not have permission to access this scenario (No Access)'; any other failure 'Error Loading
 * Scenario' with the server's message. `action` is what the person can do next (a link, a button).
 */
export function ScenarioLoadProblem({ error, action }: { error: unknown; action?: ReactNode }) {
  if (isApiError(error) && error.sessionEnded) return null;
  const noAccess = isApiError(error) && (error.status === 403 || error.status === 404);
  return (
    <Alert tone={noAccess ? 'warning' : 'danger'} role="alert" className="mx-auto max-w-2xl">
      {noAccess ? (
        <p className="font-semibold">{SCENARIO_MESSAGES.noAccess}</p>
      ) : (
        <>
          <p className="font-semibold">{SCENARIO_MESSAGES.loadError}</p>
          <p>{errorMessage(error)}</p>
        </>
      )}
      {action ? <div className="mt-2">{action}</div> : null}
    </Alert>
  );
}
