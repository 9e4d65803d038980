/**
 * Visit requests (spec 001 §2 'Request page', §4 'Visit request flow'): what the scenario overview and the routes
 * use — the 'Schedule Your Visit' section and the request page.
 */
export { ScheduleVisitSection, scheduledPath } from './ScheduleVisitSection';
export { SlotPicker, slotTimeLabel } from './SlotPicker';
export { overviewQuery, requestQuery, visitRequestKeys } from './visit-requests-api';
export { visitRequestsRoutes } from './visit-requests-routes';
