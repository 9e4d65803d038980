/**
 * The app shell (docs/decisions/0036): the root route and the layouts every feature's routes hang under, the
 * frame around the pages, the logout flow and the partner brand. It uses the other platform modules and no feature.
 */
export { emptyLayoutRoute, publicLayoutRoute, signedInEmptyLayoutRoute, signedInLayoutRoute } from './layouts';
export { installSessionEndedHandler } from './logout';
export { PartnerLogo } from './PartnerLogo';
export { rootRoute } from './root';
export { errorRoute, indexRoute } from './shell-routes';
