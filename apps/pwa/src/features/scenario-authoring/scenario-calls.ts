import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../lib/api';
import { notify, notifyError } from '../../platform/notices';
import { refreshScenarioLists as refreshLists, scenarioDetailKey } from '../scenarios';
import { invalidateScenario, type LoadedScenario } from './scenario-api';

/**
 * A state-changing scenario call of the side panel or the actions (online only): the success notice, the
 * spec's error title with the server's message on failure (spec 001 §8), and the scenario loaded again.
 */
export function useScenarioCall<V, R>(
  id: number,
  call: (variables: V) => Promise<R>,
  options: {
    errorTitle: string;
    success?: (answer: R) => string | null;
    onSuccess?: (answer: R) => void;
    /** the caller shows the failure itself (inline errors, warning dialogs) */
    onError?: (error: unknown) => boolean;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      const message = options.success?.(answer);
      if (message) notify({ title: message, icon: 'success', color: 'green' });
      options.onSuccess?.(answer);
    },
    onError: (error) => {
      if (isApiError(error) && error.sessionEnded) return;
      if (options.onError?.(error)) return;
      notifyError(options.errorTitle, errorMessage(error));
    },
    onSettled: () => refreshScenario(queryClient, id),
  });
}

/** The scenario dashboards' lists are loaded again (a scenario was created, changed status or went away). */
export function refreshScenarioLists(queryClient: QueryClient): void {
  void refreshLists(queryClient);
}

/** Loads the scenario again, with its user options and display settings; the dashboards' lists follow. */
export async function refreshScenario(queryClient: QueryClient, id: number): Promise<void> {
  refreshScenarioLists(queryClient);
  await invalidateScenario(queryClient, id);
}

/** Puts a fresh part of the scenario into the loaded answer at once (the refetch follows). */
export function patchLoadedScenario(queryClient: QueryClient, id: number, patch: Partial<LoadedScenario['scenario']>): void {
  queryClient.setQueryData<LoadedScenario>(scenarioDetailKey(id), (old) =>
    old ? { ...old, scenario: { ...old.scenario, ...patch } } : old,
  );
}
