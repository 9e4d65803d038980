export { ApplicantDashboard } from './ApplicantDashboard';
/** The applicant dashboard's query, refreshed by a quote request made while signed in. */
export { applicationsQuery } from './applications-query';
export { ConfirmationNotice, type ConfirmationNoticeProps } from './ConfirmationNotice';
