import { createRoute } from '@tanstack/react-router';
import { publicLayoutRoute } from '../../platform/shell';

export const contactRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'contactus',
}).lazy(() => import('./contact-routes.lazy').then((d) => d.contactLazyRoute));

export const contactRoutes = { public: [contactRoute] };
