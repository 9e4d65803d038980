/**
 * Visit requests (spec 001 §2 'Request page', §4 'Visit request flow'): what the scenario overview and the routes
 * use — the 'Schedule Your Visit' section and the request page.
 */
export { scheduledPath } from './request-helpers';
// The section is only shown with a published scenario's overview, once its answer is in: it loads then (decision 0090).
export const loadScheduleVisitSection = () => import('./ScheduleVisitSection').then((m) => ({ default: m.ScheduleVisitSection }));
export { SlotPicker, slotTimeLabel } from './SlotPicker';
export { overviewQuery, requestQuery, visitRequestKeys } from './visit-requests-api';
export { visitRequestsRoutes } from './visit-requests-routes';
