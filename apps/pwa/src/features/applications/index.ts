export { ApplicantDashboard } from './ApplicantDashboard';
export { ConfirmationNotice, type ConfirmationNoticeProps } from './ConfirmationNotice';
