import type { Permission } from './permissions';
import { ROLE } from './roles';

export interface SidebarLink {
  label: string;
  to: string;
}
export interface SidebarGroup {
  label: string;
  children: SidebarLink[];
}
export type SidebarItem = SidebarLink | SidebarGroup;

export interface SidebarContext {
  isSuperAdmin: boolean;
  /** approved role ids at the current partner */
  roleIds: readonly number[];
  permissions: readonly Permission[] | readonly string[];
  partnerIsSim: boolean;
}

/** The sidebar of spec 000 §2.2, item by item with its visibility rule. Logout is appended by the shell. */
export function sidebarItems(ctx: SidebarContext): SidebarItem[] {
  const has = (p: Permission) => ctx.isSuperAdmin || ctx.permissions.includes(p);
  const hasRole = (id: number) => ctx.roleIds.includes(id);
  const items: SidebarItem[] = [{ label: 'Dashboard', to: '/dashboard' }];
  if (ctx.isSuperAdmin || hasRole(ROLE.learner) || hasRole(ROLE.admin) || hasRole(ROLE.head_trainer) || hasRole(ROLE.trainer)) {
    items.push({ label: 'Scenarios', to: '/scenarios' });
  }
  // Issue 22 item 5: an SP (anyone whose roles keep availability) reaches it from the menu, not only inside the
  // profile. A super admin holds every permission without keeping availability: only their SP role would add it.
  if (ctx.permissions.includes('user.availability') && (!ctx.isSuperAdmin || hasRole(ROLE.standardized_patient)))
    items.push({ label: 'Availability', to: '/profile#availability' });
  // Playlists (spec 001 §2) are for everyone signed in with a role here (docs/decisions/0020-playlists.md).
  if (ctx.isSuperAdmin || ctx.roleIds.length > 0) {
    items.push({
      label: 'Playlists',
      children: [
        { label: 'Browse Playlists', to: '/playlists' },
        { label: 'My Playlists', to: '/my-playlists' },
      ],
    });
  }
  if (ctx.isSuperAdmin) items.push({ label: 'Rubrics', to: '/rubrics' });
  if (has('applicant.view')) {
    items.push({ label: 'Recruitment', children: [{ label: 'Pending', to: '/recruitment' }] });
  }
  if (ctx.isSuperAdmin) {
    items.push({
      label: 'Partner Management',
      children: [
        { label: 'Seat Management', to: '/management/seats' },
        { label: 'Pre-Approved Emails', to: '/management/pre-approved' },
        { label: 'Scheduling Dates', to: '/management/dates' },
        { label: 'Registration Fields', to: '/management/registration-fields' },
        { label: 'Welcome Messages', to: '/management/welcome-messages' },
        { label: 'Passwords', to: '/management/passwords' },
        { label: 'Client Admin Requests', to: '/management/clients' },
        { label: 'Institutions', to: '/management/institutions' },
      ],
    });
    if (ctx.partnerIsSim) {
      items.push({
        label: 'Quote Management',
        children: [
          { label: 'Quote Requests', to: '/management/quotes' },
          { label: 'Invoice Requests', to: '/management/invoices' },
        ],
      });
    }
    items.push({
      label: 'Social Media Posting',
      children: [
        { label: 'Social Media Posts', to: '/management/social-media' },
        { label: 'Articles', to: '/management/articles' },
      ],
    });
  }
  if (has('user.view_list')) items.push({ label: 'User Management', to: '/management/users' });
  // Issue 20 item 5: the money reports for financial admins, report managers and super admins; the scoring
  // agreement report for those who administer scenarios (admins, head trainers).
  const reports: SidebarLink[] = [];
  if (has('financial_report.access')) {
    reports.push({ label: 'Financial Report', to: '/reports/financial' }, { label: 'Payment Report', to: '/reports/payment' });
  }
  if (has('scenario.admin')) reports.push({ label: 'Scoring Agreement', to: '/reports/scoring' });
  if (reports.length > 0) items.push({ label: 'Reports', children: reports });
  const simClientAdmin = ctx.partnerIsSim && hasRole(ROLE.client_admin);
  if (simClientAdmin) items.push({ label: 'Agreements', to: '/agreements' });
  if (simClientAdmin || ctx.isSuperAdmin) items.push({ label: 'Landing Page Config', to: '/management/partners' });
  return items;
}

export const DEFAULT_LOGO = '/images/logo.svg';
export const SIM_LOGO = '/images/simclusive-logo.svg';
export const PARTNER_IMAGE_FOLDER = '/images/partners/';

/**
 * The logo rule of spec 000 §2.2: a value starting with http:// (or https://, or this host) is a full
 * address; any other value is a file in the partner image folder; no value falls back to the
 * simulation-brand logo for sim partners, else the default logo.
 */
export function partnerLogoUrl(
  partner: { image?: string | null; is_sim?: boolean | number | null } | null | undefined,
  host?: string,
): string {
  const image = partner?.image?.trim();
  if (!image) return partner?.is_sim ? SIM_LOGO : DEFAULT_LOGO;
  if (/^https?:\/\//i.test(image)) return image;
  if (host && image.startsWith(host)) return image;
  if (image.startsWith('/')) return image;
  return PARTNER_IMAGE_FOLDER + encodeURIComponent(image);
}

/** Return to Dashboard shows on every page except dashboard, passcode and a single partner agreement. */
export function showsReturnToDashboard(pathname: string): boolean {
  if (pathname === '/dashboard' || pathname === '/' || pathname === '/passcode') return false;
  if (/^\/agreement\/[^/]+\/?$/.test(pathname)) return false;
  return true;
}

/** Notifications auto-dismiss after this many ms unless marked showDismiss (spec 000 §9). */
export const NOTIFICATION_TIMEOUT_MS = 5000;
