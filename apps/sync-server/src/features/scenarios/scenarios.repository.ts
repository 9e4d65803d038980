import { PARTNER_MAIN, PARTNER_SIM, SCENARIO_PAGE_SIZE, type ScenarioDoc } from '@simvisit/schema';
import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DB } from '../../db/types';
import { loadScenarioFacts } from '../scenario-facts';
import { approvedRolesAt, isClientAdminOf } from '../users';

/** Which scenarios a list holds, as a condition on `scenarios` (aliased s). */
export type ListFilter =
  | { kind: 'status'; status: number; reviewer?: 'none' | 'assigned' | number; author?: number; notAuthor?: number }
  | { kind: 'author'; author: number }
  | { kind: 'catalogue'; partnerId: number | null }
  | { kind: 'partner'; partnerId: number };

const CARD_COLUMNS = [
  's.id',
  's.title',
  's.patient_name',
  's.patient_image',
  's.status',
  's.credit_text',
  's.updated_at',
  's.fee',
  // The length lives in the scenario's document (as on the visit request's slots).
  sql<string | null>`s.doc->>'session_duration'`.as('session_duration'),
] as const;

/** The scenario SQL: rows, documents written by the server, children, lists and option lists. */
export function createScenariosRepository(db: Database) {
  function whereFilter(f: ListFilter) {
    return (eb: ExpressionBuilder<{ s: DB['scenarios'] }, 's'>): Expression<SqlBool> => {
      const parts: Expression<SqlBool>[] = [eb('s._deleted', '=', false)];
      if (f.kind === 'status') {
        parts.push(eb('s.status', '=', f.status));
        if (f.reviewer === 'none') parts.push(eb('s.reviewer_user_id', 'is', null));
        else if (f.reviewer === 'assigned') parts.push(eb('s.reviewer_user_id', 'is not', null));
        else if (typeof f.reviewer === 'number') parts.push(eb('s.reviewer_user_id', '=', f.reviewer));
        if (f.author !== undefined) parts.push(eb('s.author_user_id', '=', f.author));
        if (f.notAuthor !== undefined) parts.push(eb('s.author_user_id', '<>', f.notAuthor));
      } else if (f.kind === 'author') {
        parts.push(eb('s.author_user_id', '=', f.author));
      } else if (f.kind === 'partner') {
        parts.push(eb('s.status', '=', 5));
        parts.push(
          sql<SqlBool>`EXISTS (SELECT 1 FROM scenario_partners sp WHERE sp.scenario_id = s.id AND sp.partner_id = ${f.partnerId})`,
        );
      } else {
        // The learner catalogue (spec 001 §2): partners 1 and 28 use the general list, others their own.
        parts.push(eb('s.status', '=', 5));
        if (f.partnerId === null) parts.push(sql<SqlBool>`false`);
        else if (f.partnerId === PARTNER_MAIN || f.partnerId === PARTNER_SIM) {
          parts.push(
            sql<SqlBool>`(s.is_sim = 1 OR EXISTS (SELECT 1 FROM scenario_partners sp WHERE sp.scenario_id = s.id AND sp.partner_id IN (${PARTNER_MAIN}, ${PARTNER_SIM})))`,
          );
        } else {
          parts.push(
            sql<SqlBool>`EXISTS (SELECT 1 FROM scenario_partners sp WHERE sp.scenario_id = s.id AND sp.partner_id = ${f.partnerId})`,
          );
        }
      }
      return eb.and(parts);
    };
  }
  const base = () => db.selectFrom('scenarios as s');

  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /** The rule facts of a scenario (locked when read inside a transaction). */
    facts(id: string, viewerId: number, trx?: Transaction<DB>) {
      return loadScenarioFacts(trx ?? db, id, viewerId, Boolean(trx));
    },

    /** A clone's grouped field values, as new replicated documents of the new scenario. */
    async copyFieldValues(trx: Executor, from: string, to: string) {
      await sql`INSERT INTO scenario_field_values (id, scenario_id, field_id, value, doc)
        SELECT ${to} || '-' || field_id, ${to}, field_id, value,
          doc || jsonb_build_object('id', ${to} || '-' || field_id, 'scenario_id', ${to}::text,
            'write_id', gen_random_uuid()::text, 'updated_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
        FROM scenario_field_values WHERE scenario_id = ${from} AND NOT _deleted`.execute(trx);
    },

    async nextId(trx: Executor): Promise<string> {
      const r = await sql<{ id: string }>`SELECT nextval('scenario_ids')::text AS id`.execute(trx);
      return r.rows[0]!.id;
    },

    async insert(trx: Executor, doc: ScenarioDoc, extra: { partner_id: number | null; cloned_from?: string | null }) {
      await trx
        .insertInto('scenarios')
        .values({
          id: doc.id,
          status: doc.status,
          title: doc.title,
          patient_name: doc.patient_name,
          patient_image: doc.patient_image,
          author_user_id: doc.author_user_id,
          reviewer_user_id: doc.reviewer_user_id,
          trainer_user_id: null,
          live_edit: doc.live_edit,
          partner_id: extra.partner_id,
          fee: null,
          credit_text: null,
          cloned_from: extra.cloned_from ?? null,
          doc: JSON.stringify(doc),
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    },

    async row(id: string, executor: Executor = db) {
      return executor.selectFrom('scenarios').selectAll().where('id', '=', id).where('_deleted', '=', false).executeTakeFirst();
    },

    /** A change the server makes to the replicated document (status, reviewer, live edit, delete). */
    async saveDoc(trx: Executor, doc: ScenarioDoc) {
      await trx
        .updateTable('scenarios')
        .set({
          doc: JSON.stringify(doc),
          status: doc.status,
          title: doc.title,
          patient_name: doc.patient_name,
          patient_image: doc.patient_image,
          reviewer_user_id: doc.reviewer_user_id,
          live_edit: doc.live_edit,
          _deleted: doc._deleted,
          updated_at: new Date(),
        })
        .where('id', '=', doc.id)
        .execute();
    },

    /**
     * Re-stamps a scenario's values and comments so that they replicate to a person who has just come into
     * scope (a reviewer taking the scenario), or are removed with it (deleted).
     */
    async restampChildren(trx: Executor, id: string, deleted = false) {
      for (const table of ['scenario_field_values', 'scenario_comments'] as const) {
        await sql`UPDATE ${sql.table(table)}
          SET updated_at = now()${deleted ? sql`, _deleted = true, doc = jsonb_set(doc, '{_deleted}', 'true')` : sql``}
          WHERE scenario_id = ${id}`.execute(trx);
      }
    },

    async setColumns(
      trx: Executor,
      id: string,
      values: Partial<{ fee: number | null; scorecard_display_type_id: number; trainer_user_id: number | null }>,
    ) {
      await trx
        .updateTable('scenarios')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async fieldValues(id: string, executor: Executor = db) {
      return executor
        .selectFrom('scenario_field_values')
        .select(['field_id', 'value', 'doc'])
        .where('scenario_id', '=', id)
        .where('_deleted', '=', false)
        .orderBy('field_id')
        .execute();
    },

    async comments(id: string) {
      return db
        .selectFrom('scenario_comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.field', 'c.content', 'c.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.image'])
        .where('c.scenario_id', '=', id)
        .where('c._deleted', '=', false)
        .orderBy('c.created_at')
        .execute();
    },

    async partners(id: string, executor: Executor = db) {
      return executor
        .selectFrom('scenario_partners as sp')
        .innerJoin('partners as p', 'p.id', 'sp.partner_id')
        .select(['sp.id', 'sp.partner_id', 'sp.featured', 'sp.job_number', 'p.long_name', 'p.short_name'])
        .where('sp.scenario_id', '=', id)
        .orderBy('sp.id')
        .execute();
    },

    async attachedUsers(id: string, executor: Executor = db) {
      return executor
        .selectFrom('scenario_users as su')
        .innerJoin('users as u', 'u.id', 'su.user_id')
        .select(['su.id', 'su.user_id', 'su.role_id', 'u.first_name', 'u.last_name', 'u.email', 'u.image'])
        .where('su.scenario_id', '=', id)
        .orderBy('su.id')
        .execute();
    },

    async people(ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'image']).where('id', 'in', ids).execute();
    },

    /** Approved role ids of a user at a partner. */
    rolesAt: (userId: number, partnerId: number | null) => approvedRolesAt(db, userId, partnerId),

    async page(filter: ListFilter, page: number) {
      const where = whereFilter(filter);
      const [rows, count] = await Promise.all([
        base()
          .select(CARD_COLUMNS)
          .where(where)
          .orderBy('s.updated_at', 'desc')
          .orderBy('s.id', 'desc')
          .limit(SCENARIO_PAGE_SIZE)
          .offset((page - 1) * SCENARIO_PAGE_SIZE)
          .execute(),
        base()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every scenario of a list (the dashboards' lists are per person and small). */
    async all(filter: ListFilter, limit = 500) {
      return base().select(CARD_COLUMNS).where(whereFilter(filter)).orderBy('s.updated_at', 'desc').limit(limit).execute();
    },

    /** Users holding one of the roles (approved) at the partner, for the SP, observer and trainer pickers. */
    async usersWithRoles(roleIds: number[], partnerId: number | null, executor: Executor = db) {
      let q = executor
        .selectFrom('users as u')
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.image'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles as ur')
              .select('ur.id')
              .whereRef('ur.user_id', '=', 'u.id')
              .where('ur.role_id', 'in', roleIds)
              .where('ur.is_approved', '=', true)
              .$if(partnerId !== null, (qb) => qb.where('ur.partner_id', '=', partnerId!)),
          ),
        )
        .orderBy('u.last_name')
        .orderBy('u.first_name');
      q = q.limit(1000);
      return q.execute();
    },

    async addPartner(trx: Executor, id: string, partnerId: number, featured: number, jobNumber: string) {
      await trx
        .insertInto('scenario_partners')
        .values({ scenario_id: id, partner_id: partnerId, featured, job_number: jobNumber })
        .execute();
    },
    async updatePartner(trx: Executor, id: string, partnerId: number, values: { job_number?: string; featured?: number }) {
      const r = await trx
        .updateTable('scenario_partners')
        .set(values)
        .where('scenario_id', '=', id)
        .where('partner_id', '=', partnerId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async removePartner(trx: Executor, id: string, partnerId: number) {
      const r = await trx
        .deleteFrom('scenario_partners')
        .where('scenario_id', '=', id)
        .where('partner_id', '=', partnerId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async addUser(trx: Executor, id: string, userId: number, roleId: number) {
      await trx.insertInto('scenario_users').values({ scenario_id: id, user_id: userId, role_id: roleId }).execute();
    },
    async removeUser(trx: Executor, id: string, userId: number, roleId: number | null) {
      const r = await trx
        .deleteFrom('scenario_users')
        .where('scenario_id', '=', id)
        .where('user_id', '=', userId)
        .$if(roleId !== null, (q) => q.where('role_id', '=', roleId!))
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async partnerExists(partnerId: number, executor: Executor = db) {
      return Boolean(await executor.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst());
    },
    async partnerList() {
      return db.selectFrom('partners').select(['id', 'long_name', 'short_name']).orderBy('long_name').execute();
    },
    administersPartner: (userId: number, partnerId: number) => isClientAdminOf(db, userId, partnerId),
    async partnerDates(partnerId: number) {
      return db
        .selectFrom('partners')
        .select(['start_date', 'end_date', 'disabled_start_date', 'disabled_end_date'])
        .where('id', '=', partnerId)
        .executeTakeFirst();
    },
    async patientImages() {
      return db.selectFrom('patient_images').selectAll().orderBy('id').execute();
    },
    async patientImage(id: number) {
      return db.selectFrom('patient_images').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async campaigns() {
      return db.selectFrom('giftcard_campaigns').selectAll().orderBy('campaign_name').execute();
    },
  };
}
export type ScenariosRepository = ReturnType<typeof createScenariosRepository>;
