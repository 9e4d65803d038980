import { ACCESS } from '@simvisit/schema';
import { createRoute } from '@tanstack/react-router';
import { signedInLayoutRoute } from '../../platform/shell';

/** The pending recruitment list (spec 001 §2 'Recruitment'), behind applicant.view (spec 000 §2.2). */
export const recruitmentListRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'recruitment',
  staticData: { access: ACCESS.applicantView },
}).lazy(() => import('./recruitment-routes.lazy').then((d) => d.recruitmentListLazyRoute));

/** recruitment.pending (user_id): the pending applicant. */
export const recruitmentUserRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'recruitment/user/$user_id',
  staticData: { access: ACCESS.applicantView },
}).lazy(() => import('./recruitment-routes.lazy').then((d) => d.recruitmentUserLazyRoute));

/** interview (interview_id): its trainer, its applicant and recruiters; the server decides. */
export const interviewRoute = createRoute({
  getParentRoute: () => signedInLayoutRoute,
  path: 'interview/$interview_id',
}).lazy(() => import('./recruitment-routes.lazy').then((d) => d.interviewLazyRoute));

export const recruitmentRoutes = { signedIn: [recruitmentListRoute, recruitmentUserRoute, interviewRoute] };
