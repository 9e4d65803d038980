import {
  canEditFormOf,
  canRemoveFromFormOf,
  canReorderFormOf,
  SCENARIO_FORM_KINDS,
  SCENARIO_FORM_LABELS,
  type ScenarioFacts,
  type ScenarioFormKind,
} from '@simvisit/schema';
import type { TabItem } from '@simvisit/ui';
import type { Session } from '../../platform/session';
import { ScenarioFormBuilder } from '../scenario-forms';
import { actorOf, type ScenarioView } from './scenario-view';

/** The status and people the form rules judge by: the server's answer, else the device's copy. */
function factsOf(view: ScenarioView): ScenarioFacts | null {
  const d = view.detail;
  if (!d) return null;
  return {
    status: view.status,
    author_user_id: d.author_user_id,
    reviewer_user_id: d.reviewer_user_id,
    trainer_user_id: d.trainer_user_id,
    live_edit: d.live_edit,
    is_sim: d.is_sim,
    partner_ids: (d.scenario_partners ?? d.partners ?? []).map((p) => p.partner_id),
  };
}

/**
 * The main tabs after Scenario (spec 001 §2): Observer Scorecard, SP Scorecard and Participant Feedback, each
 * the form builder with what the shared rules allow (spec 001 §4: edit, reorder, remove by status). Only the
 * forms the server lets this person read (`abilities.form_kinds`, decision 0045); all on the author's offline copy.
 */
export function scenarioFormTabs(
  view: ScenarioView,
  session: Session,
  kinds: readonly ScenarioFormKind[] = SCENARIO_FORM_KINDS,
): TabItem[] {
  const facts = factsOf(view);
  const actor = actorOf(session);
  return kinds.map((kind) => ({
    value: kind,
    label: SCENARIO_FORM_LABELS[kind].tab,
    content: facts ? (
      <ScenarioFormBuilder
        scenarioId={view.id}
        kind={kind}
        editable={canEditFormOf(actor, facts)}
        canReorder={canReorderFormOf(actor, facts)}
        canRemove={canRemoveFromFormOf(actor, facts)}
      />
    ) : (
      <p className="text-sm text-slate-600">The {SCENARIO_FORM_LABELS[kind].tab} needs a connection to load.</p>
    ),
  }));
}
