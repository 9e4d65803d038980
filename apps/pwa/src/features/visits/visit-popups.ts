import { openScenarioPopup } from '../scenarios';

/** The pop-up pages opened from a visit, with the sizes of spec 002 §2.2 and §9. */
export type VisitPopupKind = 'print-feedback' | 'share' | 'zoom-message';

export const VISIT_POPUP_SIZES: Record<VisitPopupKind, { width: number; height: number }> = {
  'print-feedback': { width: 1400, height: 800 },
  share: { width: 700, height: 800 },
  'zoom-message': { width: 700, height: 800 },
};

/** Opens /scenarios/{id}/{kind} from a visit at the sizes of spec 002 §9; false when the browser blocked it. */
export function openVisitPopup(kind: VisitPopupKind, scenarioId: number): boolean {
  return openScenarioPopup(kind, scenarioId, VISIT_POPUP_SIZES[kind]);
}
