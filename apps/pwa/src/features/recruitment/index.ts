/**
 * Recruitment and interviews (decision 0048): the routes, the request page's interview view (used by
 * features/visit-requests) and the head trainer's interviews card (used by the trainer dashboard).
 */
export { InterviewRequestView } from './InterviewRequestView';
export { InterviewsCard } from './InterviewsCard';
export { recruitmentRoutes } from './recruitment-routes';
