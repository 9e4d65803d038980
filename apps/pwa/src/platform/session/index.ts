export { redirectSignedIn, requireAccess, requirePasscode, requireSignedIn } from './guards';
export { logoutOnServer } from './server-logout';
export {
  ensureSession,
  fetchAuthUser,
  forgetSessionOnDevice,
  refreshSession,
  revalidateDeviceSession,
  SESSION_KEY,
  type Session,
  sessionQuery,
  setSession,
  useSession,
} from './session';
export { useSessionUpdater } from './session-updater';
export { SignedInProvider, useSignedInSession } from './signed-in';
export { preloadDisplayZone, TimeZoneNotice, useDisplayZone } from './time-zone';
