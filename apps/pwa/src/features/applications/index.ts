export { ApplicantDashboard } from './ApplicantDashboard';
export { ConfirmationNotice, type ConfirmationNoticeProps } from './ConfirmationNotice';
/** The applicant dashboard's query, refreshed by a quote request made while signed in. */
export { applicationsQuery } from './applications-query';
