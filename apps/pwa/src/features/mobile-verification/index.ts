/** What the visit request page (issue 5's SMS gate) uses from this feature. */

export { sendMobileCode, smsOptIn, updateMobileNumber, verifyMobileCode } from './mobile-verification-api';
export { mobileVerificationRoutes } from './mobile-verification-routes';
export { SmsOptInPanel, type SmsOptInPanelProps } from './SmsOptInPanel';

/** The opt-in panel for pages that show it only when asked (the visit request's SMS gate): loads when shown (decision 0085). */
export const loadSmsOptInPanel = () => import('./SmsOptInPanel').then((m) => ({ default: m.SmsOptInPanel }));
