export { formatPhone } from './phone-format';
export { useSessionUpdater } from './profile-api';
export { profileRoutes } from './profile-routes';
