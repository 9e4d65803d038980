import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers and the CSP (HDR-01): same-origin by default, Stripe's hosts for card entry, no plugins,
 * no framing. Inline style attributes are allowed because Radix positions popovers with them. A header a route
 * set itself stands (`overwrite: false`): an upload's `sandbox` CSP must not be replaced by the app's (issue 21
 * item 5, http/upload-response.ts).
 */
export const securityHeaders = secureHeaders({
  overwrite: false,
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
});
