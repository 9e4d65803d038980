import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** /management/invoices (spec 002 §2.20): whoever may list invoice requests (super admins), else the 403 page. */
export const invoicesRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/invoices',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./invoices-routes.lazy').then((d) => d.invoicesLazyRoute));

/** /management/invoice/:invoice_id (route name management.invoice) */
export const invoiceRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'management/invoice/$invoice_id',
  staticData: { access: ACCESS.superAdmin },
}).lazy(() => import('./invoices-routes.lazy').then((d) => d.invoiceLazyRoute));

export const invoicesRoutes = { signedIn: [invoicesRoute, invoiceRoute] };
