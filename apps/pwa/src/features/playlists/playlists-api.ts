import { type Playlist, playlistsApi, scenariosApi } from '@simvisit/schema';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../lib/api';
import { notify, notifyError } from '../../platform/notices';

/** Playlist calls of spec 001 §7 (plus the add call, docs/decisions/0020) as React Query hooks. */
export const playlistKeys = {
  all: ['playlists'] as const,
  list: () => [...playlistKeys.all, 'list'] as const,
  mine: () => [...playlistKeys.all, 'mine'] as const,
  one: (id: number) => [...playlistKeys.all, 'one', id] as const,
  catalogue: (page: number) => ['playlists-scenario-picker', page] as const,
};

/** GET api/playlists: public playlists at the partner and the caller's own. */
export function usePlaylists() {
  return useQuery({
    queryKey: playlistKeys.list(),
    queryFn: () => apiCall(playlistsApi.list),
  });
}

/** GET api/my-playlists: the caller's playlists with their scenarios. */
export function useMyPlaylists() {
  return useQuery({
    queryKey: playlistKeys.mine(),
    queryFn: () => apiCall(playlistsApi.mine),
  });
}

/** GET api/playlists/{id}; a 404 is final (not the caller's or not shared), so it is not retried. */
export function usePlaylist(id: number) {
  return useQuery({
    queryKey: playlistKeys.one(id),
    queryFn: () => apiCall(playlistsApi.show, { params: { id } }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

/** GET api/scenario?page=N: published scenarios the person may see, for the Add Scenario picker. */
export function useScenarioCatalogue(page: number, enabled: boolean) {
  return useQuery({
    queryKey: playlistKeys.catalogue(page),
    queryFn: () => apiCall(scenariosApi.published, { query: { page } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Puts a changed playlist into every cached answer that holds it, so both panels follow at once. */
export function storePlaylist(queryClient: QueryClient, playlist: Playlist): void {
  queryClient.setQueryData(playlistKeys.mine(), (old: { playlists: Playlist[] } | undefined) => {
    if (!old) return old;
    const known = old.playlists.some((p) => p.id === playlist.id);
    return { playlists: known ? old.playlists.map((p) => (p.id === playlist.id ? playlist : p)) : [playlist, ...old.playlists] };
  });
  queryClient.setQueryData(playlistKeys.one(playlist.id), { playlist });
}

const success = (title: string) => notify({ title, icon: 'success', color: 'green' });

/** A failed call: the server's message (and field errors) in a red notice; nothing when the session ended. */
export function notifyPlaylistError(title: string) {
  return (error: unknown) => {
    if (isApiError(error) && error.sessionEnded) return;
    const fields = isApiError(error) ? Object.values(error.errors).flat() : [];
    const message = error instanceof Error ? error.message : null;
    notifyError(title, fields.length ? fields.join(' ') : message);
  };
}

/**
 * A change to one playlist: the answer's playlist goes into the cache, the server's message is shown, and the
 * public list is refreshed (names, counts and Public change what it shows).
 */
function usePlaylistChange<V>(call: (vars: V) => Promise<{ message: string; playlist: Playlist }>, errorTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ message, playlist }) => {
      storePlaylist(queryClient, playlist);
      success(message);
    },
    onError: notifyPlaylistError(errorTitle),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistKeys.list() }),
  });
}

export function useCreatePlaylist() {
  return usePlaylistChange(
    (body: { name: string; description: string | null }) => apiCall(playlistsApi.create, { body }),
    'Error creating playlist',
  );
}

export function useUpdatePlaylist(id: number) {
  return usePlaylistChange(
    (body: { name: string; public: boolean }) => apiCall(playlistsApi.update, { params: { id }, body }),
    'Error updating playlist',
  );
}

export function useAddScenario(id: number) {
  return usePlaylistChange(
    (scenarioId: number) => apiCall(playlistsApi.addScenario, { params: { id }, body: { scenario_id: scenarioId } }),
    'Error adding scenario',
  );
}

export function useRemoveScenario(id: number) {
  return usePlaylistChange(
    (entryId: number) => apiCall(playlistsApi.removeScenario, { params: { id, entry_id: entryId } }),
    'Error removing scenario',
  );
}

/**
 * POST api/playlists/{id}/reorder. The list moves at once (optimistic); a refusal puts the server's order
 * back. No success notice: the moved row is the feedback.
 */
export function useReorderPlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: number[]) => apiCall(playlistsApi.reorder, { params: { id }, body: { order } }),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: playlistKeys.mine() });
      queryClient.setQueryData(playlistKeys.mine(), (old: { playlists: Playlist[] } | undefined) => {
        if (!old) return old;
        return {
          playlists: old.playlists.map((p) => {
            if (p.id !== id) return p;
            const byId = new Map(p.scenarios.map((e) => [e.id, e]));
            return { ...p, scenarios: order.map((entryId) => byId.get(entryId)).filter((e) => e !== undefined) };
          }),
        };
      });
    },
    onSuccess: ({ playlist }) => storePlaylist(queryClient, playlist),
    onError: (error) => {
      notifyPlaylistError('Error reordering playlist')(error);
      void queryClient.invalidateQueries({ queryKey: playlistKeys.mine() });
    },
  });
}

export function useDeletePlaylist(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(playlistsApi.remove, { params: { id } }),
    onSuccess: ({ message }, id) => {
      queryClient.setQueryData(playlistKeys.mine(), (old: { playlists: Playlist[] } | undefined) =>
        old ? { playlists: old.playlists.filter((p) => p.id !== id) } : old,
      );
      queryClient.removeQueries({ queryKey: playlistKeys.one(id) });
      success(message);
      onDeleted();
    },
    onError: notifyPlaylistError('Error deleting playlist'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistKeys.list() }),
  });
}

/** POST api/playlists/{id}/copy: 'Playlist Copied!' and the new playlist, which the caller then opens. */
export function useCopyPlaylist(onCopied: (playlistId: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(playlistsApi.copy, { params: { id } }),
    onSuccess: ({ message, playlist, playlist_id }) => {
      storePlaylist(queryClient, playlist);
      success(message);
      void queryClient.invalidateQueries({ queryKey: playlistKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: playlistKeys.list() });
      onCopied(playlist_id);
    },
    onError: notifyPlaylistError('Error copying playlist'),
  });
}
