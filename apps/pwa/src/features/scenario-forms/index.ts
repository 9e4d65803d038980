/** The scenario form builder, mounted by the scenario authoring page in its form tabs. */
export { ScenarioFormBuilder, type ScenarioFormBuilderProps } from './ScenarioFormBuilder';
