export { ApplicantDashboard } from './ApplicantDashboard';
