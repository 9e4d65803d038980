/** What the visit request page (issue 5's SMS gate) uses from this feature. */

export { sendMobileCode, smsOptIn, updateMobileNumber, verifyMobileCode } from './mobile-verification-api';
export { mobileVerificationRoutes } from './mobile-verification-routes';
export { SmsOptInPanel, type SmsOptInPanelProps } from './SmsOptInPanel';

/** The opt-in panel for pages that show it only when asked (the visit request's SMS gate): loads when shown (decision 0085). */
export const loadSmsOptInPanel = () => import('./SmsOptInPanel').then((m) => ({ default: m.SmsOptInPanel }));

/**
 * The SMS gate's rule (spec 001 §4) for the scheduling page, which needs it only when the learner submits: it reads
 * the number with libphonenumber, whose data (about 29 KB gzip) loads then, not with the page (decision 0085).
 */
export const loadSmsGate = () => import('./sms-gate').then((m) => m.smsGate);
