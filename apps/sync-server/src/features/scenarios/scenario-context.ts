/**
 * What every part of the scenarios service stands on: its dependencies, the transaction whose side effects run
 * after the commit, the visibility and side-panel checks, the server's own document changes, and the detail
 * reader. The parts (authoring, review, lists, pages, side panel) each take this context.
 */
import { randomUUID } from 'node:crypto';
import {
  canConfigureScenario,
  canViewScenario,
  fieldGroupsFor,
  SCENARIO_MESSAGES as M,
  type ScenarioDoc,
  type ScenarioFactsRow,
  type ScenarioView,
  scenarioActor,
  scenarioViewFor,
  seesFieldType,
} from '@simvisit/schema';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { forbidden, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { SyncService } from '../../sync/sync.service';
import type { NotificationsService } from '../notifications';
import type { PaymentsService } from '../payments';
import type { ScenarioFormsService } from '../scenario-forms';
import { createScenarioDetail } from './scenario-detail';
import type { ScenariosRepository } from './scenarios.repository';

export interface ScenariosDeps {
  repo: ScenariosRepository;
  sync: SyncService;
  audit: AuditService;
  notifications: NotificationsService;
  forms: Pick<ScenarioFormsService, 'copyForms'>;
  payments: Pick<PaymentsService, 'creditFor'>;
  /** the learner's pending request or open visit of the scenario (features/visit-requests) */
  visitRequests?: { scheduledFor: (userId: number, scenarioId: number) => Promise<{ type: 1 | 2; id: number } | null> };
}

/** Queues a side effect (audit, notification) to run once the transaction has committed. */
export type Defer = (task: () => Promise<unknown>) => void;

const noAccess = () => forbidden(M.noAccess);

export const has = (actor: Actor, p: string) => Boolean(actor.user.super_admin) || actor.permissions.includes(p);
/** Whether scenario cards show this person the fee: every view has it but the trainer's (decision 0045, AUTHZ-05). */
export function seesFeeOnCards(actor: Actor): boolean {
  const trainerOnly = has(actor, 'training_session.schedule') && !has(actor, 'scenario.admin') && !has(actor, 'scenario.review');
  return !trainerOnly;
}
export const requireAny = (actor: Actor, ...perms: string[]) => {
  if (!perms.some((p) => has(actor, p))) throw forbidden();
};

export function createScenarioContext(deps: ScenariosDeps) {
  const { repo } = deps;
  /**
   * A transaction whose side effects (audit, notifications) run after it commits: they use their own
   * connection, which the embedded database (one connection) could not give while the transaction holds it.
   */
  async function tx<T>(fn: (trx: Transaction<DB>, defer: Defer) => Promise<T>): Promise<T> {
    const tasks: (() => Promise<unknown>)[] = [];
    const result = await repo.transaction((trx) => fn(trx, (t) => tasks.push(t)));
    for (const task of tasks) await task();
    return result;
  }

  /** Facts of a scenario the caller may see; 404 when it does not exist, 403 (No Access) when hidden. */
  async function visible(actor: Actor, id: number, trx?: Transaction<DB>): Promise<ScenarioFactsRow> {
    const facts = await repo.facts(String(id), actor.user.id, trx);
    if (!facts) throw notFound('Scenario not found.');
    if (!canViewScenario(scenarioActor(actor), facts)) throw noAccess();
    return facts;
  }

  /** A change of the replicated document by the server, inside the caller's transaction. */
  async function saveServerDoc(trx: Transaction<DB>, id: string, change: (doc: ScenarioDoc) => ScenarioDoc) {
    const row = (await repo.row(id, trx))!;
    const next = { ...change(row.doc as ScenarioDoc), write_id: randomUUID(), updated_at: new Date().toISOString() };
    await repo.saveDoc(trx, next);
    return next;
  }

  /** Side panel changes: scenario.admin on approved or published scenarios, with the row locked. */
  async function configure<T>(actor: Actor, id: number, fn: (trx: Transaction<DB>, facts: ScenarioFactsRow, defer: Defer) => Promise<T>) {
    return tx(async (trx, defer) => {
      const facts = await visible(actor, id, trx);
      if (!canConfigureScenario(scenarioActor(actor), facts)) throw forbidden(M.notEditable);
      return fn(trx, facts, defer);
    });
  }

  /** What this caller receives of this scenario (decision 0045): their audience by roles, permissions, people. */
  async function viewOf(actor: Actor, facts: ScenarioFactsRow): Promise<ScenarioView> {
    const roleIds = actor.user.super_admin ? [] : await repo.rolesAt(actor.user.id, actor.partnerId);
    return scenarioViewFor({ ...scenarioActor(actor), roleIds }, facts);
  }

  /**
   * The grouped fields with labels and values that the caller's view reads, of one type or all. Asking for a
   * type the view does not read (a learner asking for the SP's script) is refused, not answered empty.
   */
  async function fieldsOf(actor: Actor, id: number, type: 1 | 2 | null) {
    const facts = await visible(actor, id);
    const view = await viewOf(actor, facts);
    if (type !== null && !seesFieldType(view, type)) throw forbidden(M.fieldTypeHidden);
    const values = new Map((await repo.fieldValues(facts.id)).map((v) => [v.field_id, v.value]));
    return fieldGroupsFor(view)
      .flatMap((g) => g.fields)
      .filter((f) => type === null || f.type === type)
      .map((f) => ({ id: f.id, label: f.label, value: values.get(f.id) ?? '' }));
  }

  return { ...deps, tx, visible, viewOf, detail: createScenarioDetail(repo, visible, viewOf), saveServerDoc, configure, fieldsOf };
}
export type ScenarioContext = ReturnType<typeof createScenarioContext>;
