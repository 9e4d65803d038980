import type { DashboardView } from '@simvisit/schema';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Each dashboard view is its own chunk (decision 0085): a learner's first load carries the visit dashboard, not the
 * author's, reviewer's, trainer's or applicant's lists and the charts and calls they use. The route's loader fetches
 * the current view's chunk beside the page's, so the page draws with it and shows no extra spinner.
 */
type ViewModule = { default: ComponentType<{ view: DashboardView }> };
type Loader = () => Promise<ViewModule>;

const visit: Loader = () => import('./views/VisitView');
const LOADERS: Record<DashboardView, Loader> = {
  admin: visit,
  learner: visit,
  standardized_patient: visit,
  observer: visit,
  client_admin: visit,
  applicant: () => import('./views/ApplicantView'),
  author: () => import('./views/AuthorView'),
  reviewer: () => import('./views/ReviewerView'),
  trainer: () => import('./views/TrainerView'),
};

/** Starts loading a view's chunk (the route's loader); resolves once it is there. */
export async function preloadDashboardView(view: DashboardView): Promise<void> {
  await LOADERS[view]();
}

const pages = new Map<Loader, LazyExoticComponent<ComponentType<{ view: DashboardView }>>>();

/** The view's page component, one per chunk (stable across renders, as React.lazy needs). */
export function dashboardViewPage(view: DashboardView): LazyExoticComponent<ComponentType<{ view: DashboardView }>> {
  const load = LOADERS[view];
  let page = pages.get(load);
  if (!page) {
    page = lazy(load);
    pages.set(load, page);
  }
  return page;
}
