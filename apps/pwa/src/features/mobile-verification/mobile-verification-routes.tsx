import { createRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search-params';
import { signedInLayoutRoute } from '../../platform/shell';

export interface VerificationSearch {
  /** the scenario whose overview the person returns to (spec 002 §2.1) */
  sid?: string;
}

/** /verification: mobile verification (spec 002 §2.4), for every signed-in user. */
export const verificationRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'verification',
  validateSearch: (search: Record<string, unknown>): VerificationSearch => {
    const sid = typeof search.sid === 'number' ? String(search.sid) : stringParam(search.sid);
    return sid ? { sid } : {};
  },
}).lazy(() => import('./mobile-verification-routes.lazy').then((d) => d.verificationLazyRoute));

export const mobileVerificationRoutes = { signedIn: [verificationRoute] };
