/** Fixed texts the server answers with; the PWA shows them as they come. */
export const MSG = {
  unauthenticated: 'Unauthenticated.',
  csrf: 'CSRF token mismatch.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not Found',
  tooManyRequests: 'Too Many Attempts.',
  unsupportedMediaType: 'Unsupported Media Type.',
  payloadTooLarge: 'Payload Too Large.',
  serverError: 'Server Error',
  invalidJson: 'The request body is not valid JSON.',
  invalidForm: 'The form could not be read.',
  outdatedClient: 'A new version of the app is available. Please reload.',
  loginFailed: 'These credentials do not match our records.',
  loginThrottled: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  forgotSent: 'If that email address is in our database, we will send you an email to reset your password.',
  resetDone: 'Your password has been reset.',
  resetInvalid: 'This password reset token is invalid.',
  resetThrottled: (seconds: number) => `Please wait ${seconds} seconds before retrying.`,
  passcodeWrong: 'The passcode you entered is incorrect.',
  passcodeAccepted: 'Passcode accepted.',
  passcodeNotRequired: 'This brand does not require a passcode.',
  /** spec 000 §2.5: what the passcode page says, and what every other call answers until the passcode is given */
  passcodeRequired: 'Access to this brand requires a passcode.',
  passcodeThrottled: (seconds: number) => `Too many passcode attempts. Please try again in ${seconds} seconds.`,
  /** a daily cap on wrong passcodes (per partner or per address) has tripped: hours, not seconds (decision 0079) */
  passcodeCapped: 'Too many wrong passcodes have been entered today. Please try again tomorrow or ask your institution.',
  partnerNotYours: 'You do not have access to that partner.',
  partnerSwitched: 'Partner changed.',
  loggedOut: 'You have been logged out.',
  contactSent: 'Thank you for contacting us. We will get back to you shortly.',
  accessDenied: 'Access Denied: You do not have permission to access this content',
  breachedPassword: 'The given password has appeared in a list of common passwords. Please choose a different password.',
} as const;

/** Titles of the error page by status code (spec 000 §2.6). */
export const ERROR_PAGE_TITLES: Record<string, string> = {
  '401': 'Unauthorized',
  '403': MSG.accessDenied,
  '404': 'Page Not Found',
  '419': 'Page Expired',
  '429': 'Too Many Requests',
  '500': 'Server Error',
  '503': 'Service Unavailable',
};
