import { createLazyRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/ContactPage';
import { PrivacyPolicyPage } from '../features/legal/PrivacyPolicyPage';
import { TermsOfServicePage } from '../features/legal/TermsOfServicePage';

// The contact and legal pages share one chunk: small, and opened from the same footer.
export const contactLazyRoute = createLazyRoute('/public/contactus')({ component: ContactPage });
export const privacyPolicyLazyRoute = createLazyRoute('/public/privacy-policy')({ component: PrivacyPolicyPage });
export const termsOfServiceLazyRoute = createLazyRoute('/public/terms-of-service')({ component: TermsOfServicePage });
