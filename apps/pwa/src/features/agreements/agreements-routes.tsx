import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/*
 * Agreements (spec 002 §2.1, §2.19; issue 19 item 4). Any signed-in user may open them: the server shows a
 * person their own agreements only (and every one to a super admin), answering 404 for another's (AUTHZ-11).
 */
export const agreementsRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'agreements',
  staticData: { access: ACCESS.signedIn },
}).lazy(() => import('./agreements-routes.lazy').then((d) => d.agreementsLazyRoute));

/** PartnerAgreement (agreement_id). */
export const agreementRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'agreement/$agreement_id',
  staticData: { access: ACCESS.signedIn },
}).lazy(() => import('./agreements-routes.lazy').then((d) => d.agreementLazyRoute));

export const agreementsRoutes = { signedIn: [agreementsRoute, agreementRoute] };
