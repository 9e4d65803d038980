/** What the visit request page (issue 5's SMS gate) uses from this feature. */

export { sendMobileCode, smsOptIn, updateMobileNumber, verifyMobileCode } from './mobile-verification-api';
export { SmsOptInPanel, type SmsOptInPanelProps } from './SmsOptInPanel';
export { VerificationPage, type VerificationPageProps } from './VerificationPage';
