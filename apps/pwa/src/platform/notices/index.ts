export {
  adminCallOutcome,
  describeAdminCallFailure,
  notifyAdminCallFailure,
  notifyFailure,
  notifyReorderFailure,
  notifySuccess,
} from './notices';
export { notify, notifyError } from './notifications';
export { Toaster } from './Toaster';
