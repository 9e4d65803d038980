import type { DashboardView } from '@simvisit/schema';

/** The tabs of each role dashboard (spec 000 §2.8–2.12); the applicant view has cards instead. */
export const DASHBOARD_TABS: Record<Exclude<DashboardView, 'applicant'>, readonly string[]> = {
  admin: ['Pending', 'Scheduled', 'Completed'],
  author: ['Drafts', 'Reviews', 'Edits', 'Approved'],
  learner: ['Pending', 'Scheduled', 'Completed'],
  standardized_patient: ['Pending', 'Scheduled', 'Completed'],
  observer: ['Pending', 'Completed'],
  reviewer: ['Awaiting Review', 'Under My Review', 'Edits', 'Approved'],
  trainer: ['Scheduled', 'Completed'],
  client_admin: ['Pending', 'Scheduled', 'Completed'],
};
