/** The SP scorecard practice page of a training session (decision 0030). */
export { trainingPracticeRoutes } from './training-practice-routes';
