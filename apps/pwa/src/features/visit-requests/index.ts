/**
 * Visit requests (spec 001 §2 'Request page', §4 'Visit request flow'): what the scenario overview and the routes
 * use — the 'Schedule Your Visit' section and the request page.
 */
export { RequestPage } from './RequestPage';
export { ScheduleVisitSection, scheduledPath } from './ScheduleVisitSection';
export { slotTimeLabel } from './SlotPicker';
export { overviewQuery, requestQuery, viewerZone, visitRequestKeys } from './visit-requests-api';
