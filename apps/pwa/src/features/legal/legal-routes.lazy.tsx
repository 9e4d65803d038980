import { createLazyRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TermsOfServicePage } from './TermsOfServicePage';

// The two legal pages share one chunk: small, and opened from the same footer.
export const privacyPolicyLazyRoute = createLazyRoute('/public/privacy-policy')({ component: PrivacyPolicyPage });
export const termsOfServiceLazyRoute = createLazyRoute('/public/terms-of-service')({ component: TermsOfServicePage });
