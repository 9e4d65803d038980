/** What the visit request page (issue 5's SMS gate) uses from this feature. */

export { sendMobileCode, smsOptIn, updateMobileNumber, verifyMobileCode } from './mobile-verification-api';
export { mobileVerificationRoutes } from './mobile-verification-routes';
export { SmsOptInPanel, type SmsOptInPanelProps } from './SmsOptInPanel';
