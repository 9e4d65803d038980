import type { Database } from '../../db/database';

/** A playlist row with its owner's name, as every read needs it. */
export interface PlaylistRecord {
  id: number;
  user_id: number;
  partner_id: number | null;
  name: string;
  description: string | null;
  public: boolean;
  created_at: Date;
  updated_at: Date;
  first_name: string;
  last_name: string;
}

/** One entry with the scenario fields a list shows; visibility is decided by the service. */
export interface EntryRecord {
  id: number;
  playlist_id: number;
  scenario_id: string;
  position: number;
  status: number | null;
  visit_id: number | null;
  title: string | null;
  patient_name: string | null;
  patient_image: string | null;
}

/** Why an owner's change did not happen ('gone': no such playlist of that owner). */
export type AddOutcome = number | 'gone' | 'duplicate' | 'full';

export function createPlaylistsRepository(db: Database) {
  const withOwner = () =>
    db
      .selectFrom('playlists')
      .innerJoin('users', 'users.id', 'playlists.user_id')
      .select([
        'playlists.id',
        'playlists.user_id',
        'playlists.partner_id',
        'playlists.name',
        'playlists.description',
        'playlists.public',
        'playlists.created_at',
        'playlists.updated_at',
        'users.first_name',
        'users.last_name',
      ]);

  /** Holds the owner's playlist row for the transaction, so concurrent changes to it run one after another. */
  async function lockOwned(trx: Database, playlistId: number, ownerId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('playlists')
      .select('id')
      .where('id', '=', playlistId)
      .where('user_id', '=', ownerId)
      .forUpdate()
      .executeTakeFirst();
    return Boolean(row);
  }
  const touch = (trx: Database, playlistId: number) =>
    trx.updateTable('playlists').set({ updated_at: new Date() }).where('id', '=', playlistId).execute();
  const entryRows = (trx: Database, playlistId: number) =>
    trx
      .selectFrom('playlist_scenarios')
      .select(['id', 'scenario_id', 'position'])
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .orderBy('id')
      .execute();

  return {
    find: (playlistId: number): Promise<PlaylistRecord | undefined> =>
      withOwner().where('playlists.id', '=', playlistId).executeTakeFirst(),

    /** The user's own playlists, newest first. */
    byOwner: (userId: number): Promise<PlaylistRecord[]> =>
      withOwner().where('playlists.user_id', '=', userId).orderBy('playlists.created_at', 'desc').orderBy('playlists.id', 'desc').execute(),

    /** The public playlists made at the partner plus the user's own, most recently changed first. */
    publicOrOwn(userId: number, partnerId: number | null): Promise<PlaylistRecord[]> {
      return withOwner()
        .where((eb) => {
          const own = eb('playlists.user_id', '=', userId);
          if (partnerId === null) return own;
          return eb.or([own, eb.and([eb('playlists.public', '=', true), eb('playlists.partner_id', '=', partnerId)])]);
        })
        .orderBy('playlists.updated_at', 'desc')
        .orderBy('playlists.id', 'desc')
        .execute();
    },

    /** The entries of the playlists in order, with their scenarios' list fields (deleted scenarios left out). */
    async entriesOf(playlistIds: readonly number[]): Promise<EntryRecord[]> {
      if (playlistIds.length === 0) return [];
      return db
        .selectFrom('playlist_scenarios')
        .innerJoin('scenarios', 'scenarios.id', 'playlist_scenarios.scenario_id')
        .where('playlist_scenarios.playlist_id', 'in', [...playlistIds])
        .where('scenarios._deleted', '=', false)
        .select([
          'playlist_scenarios.id',
          'playlist_scenarios.playlist_id',
          'playlist_scenarios.scenario_id',
          'playlist_scenarios.position',
          'playlist_scenarios.status',
          'playlist_scenarios.visit_id',
          'scenarios.title',
          'scenarios.patient_name',
          'scenarios.patient_image',
        ])
        .orderBy('playlist_scenarios.playlist_id')
        .orderBy('playlist_scenarios.position')
        .orderBy('playlist_scenarios.id')
        .execute();
    },

    async create(values: { user_id: number; partner_id: number | null; name: string; description: string | null }): Promise<number> {
      const row = await db.insertInto('playlists').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** A new private playlist of `values.user_id` holding the scenarios in the given order, in one transaction. */
    copy(
      values: { user_id: number; partner_id: number | null; name: string; description: string | null },
      scenarioIds: readonly string[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('playlists')
          .values({ ...values, public: false })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (scenarioIds.length) {
          // The copy starts with no progress: status and visit are the new owner's own (spec 001 §4).
          await trx
            .insertInto('playlist_scenarios')
            .values(
              scenarioIds.map((scenario_id, position) => ({ playlist_id: row.id, scenario_id, position, status: null, visit_id: null })),
            )
            .execute();
        }
        return row.id;
      });
    },

    /** Renames and sets public on the owner's playlist; false when it is not theirs or does not exist. */
    async update(playlistId: number, ownerId: number, values: { name: string; public?: boolean }): Promise<boolean> {
      const res = await db
        .updateTable('playlists')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', playlistId)
        .where('user_id', '=', ownerId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Deletes the owner's playlist and its entries (cascade); false when it is not theirs. */
    async remove(playlistId: number, ownerId: number): Promise<boolean> {
      const res = await db.deleteFrom('playlists').where('id', '=', playlistId).where('user_id', '=', ownerId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Appends a scenario to the owner's playlist under its row lock: the new entry's id, or why not. */
    addEntry(playlistId: number, ownerId: number, scenarioId: string, max: number): Promise<AddOutcome> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockOwned(trx, playlistId, ownerId))) return 'gone';
        const entries = await entryRows(trx, playlistId);
        if (entries.some((e) => e.scenario_id === scenarioId)) return 'duplicate';
        if (entries.length >= max) return 'full';
        const position = entries.length ? Math.max(...entries.map((e) => e.position)) + 1 : 0;
        // status and visit_id stay null: visits do not exist yet; the visit issue fills them (spec 001 §4).
        const row = await trx
          .insertInto('playlist_scenarios')
          .values({ playlist_id: playlistId, scenario_id: scenarioId, position, status: null, visit_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await touch(trx, playlistId);
        return row.id;
      });
    },

    /** Removes one entry of the owner's playlist: 'gone' (no such playlist of theirs), 'missing' or 'ok'. */
    removeEntry(playlistId: number, ownerId: number, entryId: number): Promise<'ok' | 'gone' | 'missing'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockOwned(trx, playlistId, ownerId))) return 'gone';
        const res = await trx
          .deleteFrom('playlist_scenarios')
          .where('id', '=', entryId)
          .where('playlist_id', '=', playlistId)
          .executeTakeFirst();
        if (Number(res.numDeletedRows) === 0) return 'missing';
        await touch(trx, playlistId);
        return 'ok';
      });
    },

    /**
     * Puts the entries the owner sees (`shown`) in the given order. `order` must list each shown entry exactly
     * once; entries hidden from the owner (a scenario they may no longer see) keep their places, so a
     * scenario that becomes visible again reappears where it was.
     */
    reorder(
      playlistId: number,
      ownerId: number,
      order: readonly number[],
      shown: (scenarioId: string) => boolean,
    ): Promise<'ok' | 'gone' | 'mismatch'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockOwned(trx, playlistId, ownerId))) return 'gone';
        const entries = await entryRows(trx, playlistId);
        const visible = entries.filter((e) => shown(e.scenario_id));
        const wanted = new Set(order);
        const ids = new Set(visible.map((e) => e.id));
        if (wanted.size !== order.length || order.length !== visible.length || order.some((id) => !ids.has(id))) return 'mismatch';
        const queue = [...order];
        const final = entries.map((e) => (shown(e.scenario_id) ? queue.shift()! : e.id));
        for (const [position, id] of final.entries()) {
          await trx
            .updateTable('playlist_scenarios')
            .set({ position })
            .where('id', '=', id)
            .where('playlist_id', '=', playlistId)
            .execute();
        }
        await touch(trx, playlistId);
        return 'ok';
      });
    },
  };
}
export type PlaylistsRepository = ReturnType<typeof createPlaylistsRepository>;
