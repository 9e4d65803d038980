/** Training sessions (decision 0049): the page's route, the trainer dashboard and the lists other dashboards show. */
export { TrainerDashboard } from './TrainerDashboard';
export { TrainingSessionSection } from './TrainingSessionSection';
export { trainingSessionsRoutes } from './training-sessions-routes';
