/**
 * What other features use of the scenario lists and pages: the dashboards' lists and hooks, and the pop-up
 * helper the authoring page opens the share, print and holding pages with, and the scenario's detail query the
 * overview and the authoring page share (one cache entry).
 */
export { CreateScenarioButton } from './CreateScenarioButton';
export { DeleteScenarioDialog } from './DeleteScenarioDialog';
export { FieldText } from './PopupPage';
export { SavedCopyNote } from './SavedCopyNote';
export { ScenarioCard, scenarioHref, UNNAMED_PATIENT, UNTITLED_SCENARIO } from './ScenarioCard';
export { PagedScenarioGrid, ScenarioGrid } from './ScenarioGrid';
export { openScenarioPopup, SCENARIO_POPUP_SIZES, type ScenarioPopupKind, scenarioPopupPath } from './scenario-popup';
export {
  type LoadedScenario,
  refreshScenarioLists,
  scenarioDetailKey,
  scenarioDetailQuery,
  useAuthoringLists,
  useReviewingLists,
} from './scenario-queries';
export { AUTHOR_EMPTY, DELETE_TEXTS, REVIEWER_EMPTY, SCENARIO_LIST_TEXTS } from './scenario-texts';
export { scenariosRoutes } from './scenarios-routes';
