import {
  type DashboardView,
  dashboardLanding,
  dashboardViewSchema,
  FINANCIAL_REPORT_PATH,
  roleSwitcherViews,
  selectDashboardView,
} from '@simvisit/schema';
import { useSyncExternalStore } from 'react';
import type { Session } from '../../platform/session';

/** The chosen view is remembered per user and partner, as ids only (no personal data in storage). */
function storageKey(userId: number, partnerId: number | null) {
  return `simvisit.dashboard-view.${userId}.${partnerId ?? 'none'}`;
}

// localStorage fires `storage` only in other tabs; this event tells this tab's subscribers.
const CHANGE_EVENT = 'simvisit:dashboard-view';

function subscribe(listener: () => void) {
  window.addEventListener('storage', listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

function readStored(key: string): DashboardView | null {
  try {
    const parsed = dashboardViewSchema.safeParse(window.localStorage.getItem(key));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage can be unavailable (private mode, blocked): the default view still works.
    return null;
  }
}

function store(key: string, view: DashboardView) {
  try {
    window.localStorage.setItem(key, view);
  } catch {
    // Not remembered, but still switched for this page.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export interface DashboardViewState {
  view: DashboardView;
  /** The views to switch between; empty when there is only one. */
  switcherViews: DashboardView[];
  choose: (view: DashboardView) => void;
}

/** The dashboard view of spec 000 §2.7 and §4: the stored choice when still allowed, else the first eligible. */
export function useDashboardView(session: Session): DashboardViewState {
  const grants = session.user.user_roles;
  const partnerId = session.partner?.id ?? null;
  const isSuperAdmin = session.user.super_admin === 1;
  const key = storageKey(session.user.id, partnerId);
  const stored = useSyncExternalStore(subscribe, () => readStored(key));
  return {
    view: selectDashboardView(grants, partnerId, isSuperAdmin, stored),
    switcherViews: roleSwitcherViews(grants, partnerId, isSuperAdmin),
    choose: (view) => store(key, view),
  };
}

/** The view the dashboard opens on for this session now (its route's loader fetches that view's chunk). */
export function currentDashboardView(session: Session): DashboardView {
  const partnerId = session.partner?.id ?? null;
  const stored = readStored(storageKey(session.user.id, partnerId));
  return selectDashboardView(session.user.user_roles, partnerId, session.user.super_admin === 1, stored);
}

/**
 * Where /dashboard sends this session instead (null: the dashboard opens). Financial admins and report managers
 * with no dashboard role at the current partner land on the financial report, not on an empty applicant view.
 */
export function dashboardRedirect(session: Session): string | null {
  const landing = dashboardLanding(
    session.user.user_roles,
    session.partner?.id ?? null,
    session.user.super_admin === 1,
    session.permissions,
  );
  return landing === 'financial_report' ? FINANCIAL_REPORT_PATH : null;
}
