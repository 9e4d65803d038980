/**
 * Playlists (spec 001 §2–§8; docs/decisions/0020-playlists.md).
 *
 * - The owner is the user whose id equals user_id (spec 001 §6): only they rename, toggle public, delete, add,
 *   remove and reorder. Anyone else gets 404 for those calls, exactly as for a playlist that does not exist
 *   (AUTHZ-13: no existence leak, nothing changed).
 * - Who sees a playlist: its owner always; others only when it is public and was made at the caller's current
 *   partner (tenant isolation, TEN-01). A private playlist of someone else answers 404, also to copy.
 * - Which entries a viewer sees: only scenarios that viewer may open (canViewScenario, the rule the scenario
 *   pages use). A scenario that later becomes invisible to a viewer is left out of what they see, and out of
 *   what they copy; it stays stored, so it reappears if it becomes visible again.
 * - Entry status and visit_id are the owner's progress with the scenario (spec 001 §4) and are shown to the
 *   owner only. They are read from the owner's visits and requests when the playlist is shown (an upcoming
 *   visit: SCHEDULED; a pending request: PENDING; a completed visit: COMPLETED), falling back to the stored
 *   columns (null: NOT SCHEDULED).
 * - Names and descriptions are plain text, stored as typed and rendered escaped (HTML-02).
 */
import {
  type CreatePlaylistRequest,
  canViewScenario,
  fullName,
  PLAYLIST_MESSAGES as M,
  PLAYLIST_MAX_SCENARIOS,
  type Playlist,
  type PlaylistEntry,
  type PlaylistSummary,
  SCENARIO_MESSAGES,
  type ScenarioFactsRow,
  scenarioActor,
  type UpdatePlaylistRequest,
} from '@simvisit/schema';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { EntryRecord, PlaylistRecord, PlaylistsRepository } from './playlists.repository';

export type Caller = Actor;

interface Deps {
  repo: PlaylistsRepository;
  /** loadScenarioFacts bound to the database: what canViewScenario needs to know about one scenario */
  scenarioFacts: (scenarioId: string, viewerId: number) => Promise<ScenarioFactsRow | null>;
  /** the owner's progress per scenario from their visits and requests (features/visit-requests) */
  progress?: (userId: number, scenarioIds: readonly string[]) => Promise<Map<string, { status: number; visit_id: number | null }>>;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const isOwner = (caller: Caller, p: { user_id: number }) => p.user_id === caller.user.id;

export function createPlaylistsService(d: Deps) {
  /**
   * Whether the caller may see each scenario, asked once per scenario per call (lists repeat scenarios
   * across playlists).
   */
  function visibilityFor(caller: Caller) {
    const actor = scenarioActor(caller);
    const seen = new Map<string, Promise<boolean>>();
    return (scenarioId: string): Promise<boolean> => {
      let answer = seen.get(scenarioId);
      if (!answer) {
        answer = d.scenarioFacts(scenarioId, caller.user.id).then((facts) => facts !== null && canViewScenario(actor, facts));
        seen.set(scenarioId, answer);
      }
      return answer;
    };
  }

  async function visibleEntries(caller: Caller, entries: EntryRecord[]): Promise<EntryRecord[]> {
    const canSee = visibilityFor(caller);
    const shown = await Promise.all(entries.map((e) => canSee(e.scenario_id)));
    return entries.filter((_, i) => shown[i]);
  }

  function toEntry(owner: boolean, e: EntryRecord, progress?: { status: number; visit_id: number | null }): PlaylistEntry {
    return {
      id: e.id,
      // The owner's progress is theirs alone (spec 001 §4: only the owner sees the status labels).
      status: owner ? (progress?.status ?? e.status) : null,
      visit_id: owner ? (progress ? progress.visit_id : e.visit_id) : null,
      patient_image: e.patient_image,
      scenario: { id: Number(e.scenario_id), title: e.title, patient_name: e.patient_name },
    };
  }

  function toSummary(p: PlaylistRecord, count: number): PlaylistSummary {
    return {
      id: p.id,
      user_id: p.user_id,
      name: p.name,
      description: p.description,
      public: p.public ? 1 : 0,
      owner: { id: p.user_id, name: fullName(p) },
      scenario_count: count,
      created_at: iso(p.created_at),
      updated_at: iso(p.updated_at),
    };
  }

  /** Playlists with the entries the caller may see. */
  async function withEntries(caller: Caller, records: PlaylistRecord[]): Promise<Playlist[]> {
    const entries = await visibleEntries(caller, await d.repo.entriesOf(records.map((p) => p.id)));
    const owned = new Set(records.filter((p) => isOwner(caller, p)).map((p) => p.id));
    const ownScenarios = [...new Set(entries.filter((e) => owned.has(e.playlist_id)).map((e) => e.scenario_id))];
    const progress = d.progress && ownScenarios.length > 0 ? await d.progress(caller.user.id, ownScenarios) : undefined;
    return records.map((p) => {
      const own = isOwner(caller, p);
      const list = entries
        .filter((e) => e.playlist_id === p.id)
        .map((e) => toEntry(own, e, own ? progress?.get(e.scenario_id) : undefined));
      return { ...toSummary(p, list.length), scenarios: list };
    });
  }

  async function one(caller: Caller, playlistId: number): Promise<Playlist> {
    const record = await d.repo.find(playlistId);
    if (!record) throw notFound(M.notFound);
    return (await withEntries(caller, [record]))[0]!;
  }

  /** The playlist if the caller may see it: theirs, or public at their current partner; 404 otherwise. */
  async function viewable(caller: Caller, playlistId: number): Promise<PlaylistRecord> {
    const record = await d.repo.find(playlistId);
    if (!record) throw notFound(M.notFound);
    if (isOwner(caller, record)) return record;
    if (record.public && caller.partnerId !== null && record.partner_id === caller.partnerId) return record;
    throw notFound(M.notFound);
  }

  /** The playlist if the caller owns it; another user's (public or not) answers 404 like a missing one. */
  async function owned(caller: Caller, playlistId: number): Promise<PlaylistRecord> {
    const record = await d.repo.find(playlistId);
    if (!record || !isOwner(caller, record)) throw notFound(M.notFound);
    return record;
  }

  return {
    /** GET api/playlists: public playlists at the caller's partner and the caller's own. */
    async list(caller: Caller) {
      const records = await d.repo.publicOrOwn(caller.user.id, caller.partnerId);
      const entries = await visibleEntries(caller, await d.repo.entriesOf(records.map((p) => p.id)));
      const counts = new Map<number, number>();
      for (const e of entries) counts.set(e.playlist_id, (counts.get(e.playlist_id) ?? 0) + 1);
      return { playlists: records.map((p) => toSummary(p, counts.get(p.id) ?? 0)) };
    },

    /** GET api/my-playlists: the caller's playlists with their entries (left and right panels). */
    async mine(caller: Caller) {
      return { playlists: await withEntries(caller, await d.repo.byOwner(caller.user.id)) };
    },

    /** GET api/playlists/{id} */
    async show(caller: Caller, playlistId: number) {
      const record = await viewable(caller, playlistId);
      return { playlist: (await withEntries(caller, [record]))[0]! };
    },

    /** POST api/playlists {name, description}: a new private playlist of the caller at their partner. */
    async create(caller: Caller, body: CreatePlaylistRequest) {
      const id = await d.repo.create({
        user_id: caller.user.id,
        partner_id: caller.partnerId,
        name: body.name,
        description: body.description ?? null,
      });
      return { message: M.created, playlist: await one(caller, id) };
    },

    /** PUT api/playlists/{id} {name, public}: the owner renames and toggles public. */
    async update(caller: Caller, playlistId: number, body: UpdatePlaylistRequest) {
      await owned(caller, playlistId);
      const values = body.public === undefined ? { name: body.name } : { name: body.name, public: body.public };
      if (!(await d.repo.update(playlistId, caller.user.id, values))) throw notFound(M.notFound);
      return { message: M.updated, playlist: await one(caller, playlistId) };
    },

    /** DELETE api/playlist/{id}: the owner deletes the playlist and its entries. */
    async remove(caller: Caller, playlistId: number) {
      await owned(caller, playlistId);
      if (!(await d.repo.remove(playlistId, caller.user.id))) throw notFound(M.notFound);
      return { message: M.deleted };
    },

    /**
     * POST api/playlists/{id}/scenario {scenario_id}: the owner adds a scenario they may open; the same
     * scenario twice is refused (409) rather than listed twice.
     */
    async addScenario(caller: Caller, playlistId: number, scenarioId: number) {
      await owned(caller, playlistId);
      const facts = await d.scenarioFacts(String(scenarioId), caller.user.id);
      if (!facts) throw notFound(M.scenarioNotFound);
      if (!canViewScenario(scenarioActor(caller), facts)) throw forbidden(SCENARIO_MESSAGES.noAccess);
      const outcome = await d.repo.addEntry(playlistId, caller.user.id, facts.id, PLAYLIST_MAX_SCENARIOS);
      if (outcome === 'gone') throw notFound(M.notFound);
      if (outcome === 'duplicate') throw conflict(M.alreadyInPlaylist);
      if (outcome === 'full') throw conflict(M.playlistFull);
      return { message: M.scenarioAdded, playlist: await one(caller, playlistId) };
    },

    /** DELETE api/playlists/{id}/scenario/{entryId}: the owner removes one entry. */
    async removeScenario(caller: Caller, playlistId: number, entryId: number) {
      await owned(caller, playlistId);
      const outcome = await d.repo.removeEntry(playlistId, caller.user.id, entryId);
      if (outcome === 'gone') throw notFound(M.notFound);
      if (outcome === 'missing') throw notFound(M.entryNotFound);
      return { message: M.scenarioRemoved, playlist: await one(caller, playlistId) };
    },

    /** POST api/playlists/{id}/reorder {order}: every entry the owner sees, each exactly once. */
    async reorder(caller: Caller, playlistId: number, order: number[]) {
      await owned(caller, playlistId);
      const shown = new Set((await visibleEntries(caller, await d.repo.entriesOf([playlistId]))).map((e) => e.scenario_id));
      const outcome = await d.repo.reorder(playlistId, caller.user.id, order, (scenarioId) => shown.has(scenarioId));
      if (outcome === 'gone') throw notFound(M.notFound);
      if (outcome === 'mismatch') throw fieldError('order', M.reorderMismatch);
      return { message: M.reordered, playlist: await one(caller, playlistId) };
    },

    /**
     * POST api/playlists/{id}/copy: a new private playlist of the caller, same name and description, holding
     * the entries the caller may see in the same order, with no progress of its own yet.
     */
    async copy(caller: Caller, playlistId: number) {
      const source = await viewable(caller, playlistId);
      const entries = await visibleEntries(caller, await d.repo.entriesOf([source.id]));
      const id = await d.repo.copy(
        { user_id: caller.user.id, partner_id: caller.partnerId, name: source.name, description: source.description },
        entries.map((e) => e.scenario_id),
      );
      return { message: M.copied, playlist_id: id, playlist: await one(caller, id) };
    },
  };
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
