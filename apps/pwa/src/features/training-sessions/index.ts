/** Training sessions (decision 0049): the page's route, the trainer dashboard and the lists other dashboards show. */
export { TrainerDashboard } from './TrainerDashboard';
export { TrainingSessionSection } from './TrainingSessionSection';
export { trainingSessionsRoutes } from './training-sessions-routes';

/** The lists for the dashboards that show them (SP, observer, admin), loaded when one is drawn (decision 0085). */
export const loadTrainingSessionSection = () => import('./TrainingSessionSection').then((m) => ({ default: m.TrainingSessionSection }));
