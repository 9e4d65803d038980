import { describe, expect, it } from 'vitest';
import {
  applicationStatus,
  dashboardViews,
  formatLongDate,
  formatShortDate,
  formatTime,
  formatUsDate,
  partnerLogoUrl,
  permissionsAt,
  quoteStatus,
  ROLE,
  roleSwitcherViews,
  safeNotificationLink,
  selectDashboardView,
  showsReturnToDashboard,
  sidebarItems,
  slugFromHost,
} from '../src';

const g = (role_id: number, partner_id = 1, is_approved = true) => ({ role_id, partner_id, is_approved });

describe('dashboard selection (spec 000 §2.7, §4, §6)', () => {
  it('gives a super admin the admin view first', () => {
    expect(selectDashboardView([g(ROLE.learner)], 1, true)).toBe('admin');
    expect(dashboardViews([g(ROLE.learner)], 1, true)).toEqual(['admin', 'learner']);
  });

  it('takes the first eligible approved role at the current partner', () => {
    expect(selectDashboardView([g(ROLE.observer), g(ROLE.standardized_patient)], 1, false)).toBe('standardized_patient');
    expect(selectDashboardView([g(ROLE.learner, 2), g(ROLE.author, 1)], 1, false)).toBe('author');
    expect(selectDashboardView([g(ROLE.learner, 1, false), g(ROLE.author)], 1, false)).toBe('author');
  });

  it('excludes admin unless super admin, trainer unless head trainer, and the report roles', () => {
    expect(dashboardViews([g(ROLE.admin)], 1, false)).toEqual([]);
    expect(dashboardViews([g(ROLE.trainer)], 1, false)).toEqual([]);
    expect(dashboardViews([g(ROLE.trainer), g(ROLE.head_trainer)], 1, false)).toEqual(['trainer']);
    expect(
      dashboardViews([g(ROLE.financial_admin), g(ROLE.exclude_from_reports), g(ROLE.report_manager), g(ROLE.partner)], 1, false),
    ).toEqual([]);
  });

  it('falls back to the applicant view and puts applicant last', () => {
    expect(selectDashboardView([g(ROLE.admin)], 1, false)).toBe('applicant');
    expect(dashboardViews([g(ROLE.applicant), g(ROLE.learner)], 1, false)).toEqual(['learner', 'applicant']);
  });

  it('keeps a requested view only while it is allowed', () => {
    expect(selectDashboardView([g(ROLE.learner), g(ROLE.reviewer)], 1, false, 'reviewer')).toBe('reviewer');
    expect(selectDashboardView([g(ROLE.learner)], 1, false, 'admin')).toBe('learner');
  });

  it('shows switcher buttons only for more than one view', () => {
    expect(roleSwitcherViews([g(ROLE.learner)], 1, false)).toEqual([]);
    expect(roleSwitcherViews([g(ROLE.learner)], 1, true)).toEqual(['admin', 'learner']);
    expect(roleSwitcherViews([g(ROLE.admin)], 1, true)).toEqual([]);
  });
});

describe('permissions', () => {
  it('unions approved roles at the partner; super admins hold all', () => {
    expect(permissionsAt([g(ROLE.reviewer), g(ROLE.author, 2)], 1, false)).toEqual(['scenario.review']);
    expect(permissionsAt([g(ROLE.admin, 1, false)], 1, false)).toEqual([]);
    expect(permissionsAt([], null, true)).toContain('financial_report.access');
  });
});

describe('sidebar (spec 000 §2.2)', () => {
  const labels = (ctx: Parameters<typeof sidebarItems>[0]) => sidebarItems(ctx).map((i) => i.label);
  const base = { isSuperAdmin: false, roleIds: [] as number[], permissions: [] as string[], partnerIsSim: false };

  it('shows a learner Dashboard and Scenarios', () => {
    expect(labels({ ...base, roleIds: [ROLE.learner] })).toEqual(['Dashboard', 'Scenarios', 'Playlists']);
  });

  it('shows a super admin everything but the client-admin items, and Quote Management only at a sim partner', () => {
    const atSp = labels({ ...base, isSuperAdmin: true });
    expect(atSp).toEqual([
      'Dashboard',
      'Scenarios',
      'Playlists',
      'Rubrics',
      'Recruitment',
      'Partner Management',
      'Social Media Posting',
      'User Management',
      'Reports',
      'Landing Page Config',
    ]);
    expect(labels({ ...base, isSuperAdmin: true, partnerIsSim: true })).toContain('Quote Management');
  });

  it('leads an SP (who keeps availability) to Availability on the profile (issue 22 item 5)', () => {
    const items = sidebarItems({ ...base, roleIds: [ROLE.standardized_patient], permissions: ['user.availability'] });
    expect(items.find((i) => i.label === 'Availability')).toEqual({ label: 'Availability', to: '/profile#availability' });
    expect(labels({ ...base, roleIds: [ROLE.learner] })).not.toContain('Availability');
  });

  it('lists the partner management children in order', () => {
    const group = sidebarItems({ ...base, isSuperAdmin: true }).find((i) => i.label === 'Partner Management');
    expect(group && 'children' in group ? group.children.map((c) => c.label) : []).toEqual([
      'Seat Management',
      'Pre-Approved Emails',
      'Scheduling Dates',
      'Registration Fields',
      'Welcome Messages',
      'Passwords',
      'Client Admin Requests',
      // not in spec 000's list; placed here by docs/decisions/0057
      'Institutions',
    ]);
  });

  it('shows recruitment by applicant.view and user management by user.view_list', () => {
    expect(labels({ ...base, permissions: ['applicant.view'] })).toEqual(['Dashboard', 'Recruitment']);
    expect(labels({ ...base, permissions: ['user.view_list'] })).toEqual(['Dashboard', 'User Management']);
  });

  it('shows Reports to financial admins and report managers, and the scoring agreement to scenario admins (issue 20)', () => {
    const reports = (ctx: Parameters<typeof sidebarItems>[0]) => {
      const group = sidebarItems(ctx).find((i) => i.label === 'Reports');
      return group && 'children' in group ? group.children.map((c) => `${c.label} ${c.to}`) : null;
    };
    const finance = { ...base, roleIds: [ROLE.financial_admin], permissions: ['financial_report.access'] };
    expect(labels(finance)).toEqual(['Dashboard', 'Playlists', 'Reports']);
    expect(reports(finance)).toEqual(['Financial Report /reports/financial', 'Payment Report /reports/payment']);
    expect(reports({ ...base, permissions: ['scenario.admin'] })).toEqual(['Scoring Agreement /reports/scoring']);
    expect(reports({ ...base, isSuperAdmin: true })).toEqual([
      'Financial Report /reports/financial',
      'Payment Report /reports/payment',
      'Scoring Agreement /reports/scoring',
    ]);
    expect(reports({ ...base, roleIds: [ROLE.learner] })).toBeNull();
  });

  it('shows Agreements and Landing Page Config to a client admin at a sim partner only', () => {
    expect(labels({ ...base, roleIds: [ROLE.client_admin], partnerIsSim: true })).toEqual([
      'Dashboard',
      'Playlists',
      'Agreements',
      'Landing Page Config',
    ]);
    expect(labels({ ...base, roleIds: [ROLE.client_admin], partnerIsSim: false })).toEqual(['Dashboard', 'Playlists']);
  });
});

describe('logo rule (spec 000 §2.2)', () => {
  it('uses full addresses as they are, else the partner folder, else the fallbacks', () => {
    expect(partnerLogoUrl({ image: 'http://cdn.example/logo.png' })).toBe('http://cdn.example/logo.png');
    expect(partnerLogoUrl({ image: 'https://cdn.example/l.png' })).toBe('https://cdn.example/l.png');
    expect(partnerLogoUrl({ image: 'http://localhost:8080/x.png' }, 'http://localhost:8080')).toBe('http://localhost:8080/x.png');
    expect(partnerLogoUrl({ image: 'northfield.png' })).toBe('/images/partners/northfield.png');
    expect(partnerLogoUrl({ image: null, is_sim: true })).toBe('/images/simclusive-logo.svg');
    expect(partnerLogoUrl({ image: '' })).toBe('/images/logo.svg');
    expect(partnerLogoUrl(null)).toBe('/images/logo.svg');
  });
});

describe('return to dashboard', () => {
  it('is hidden on dashboard, passcode and a single agreement', () => {
    expect(showsReturnToDashboard('/dashboard')).toBe(false);
    expect(showsReturnToDashboard('/passcode')).toBe(false);
    expect(showsReturnToDashboard('/agreement/7')).toBe(false);
    expect(showsReturnToDashboard('/agreements')).toBe(true);
    expect(showsReturnToDashboard('/profile')).toBe(true);
  });
});

describe('statuses (spec 000 §4)', () => {
  it('derives the application status', () => {
    expect(applicationStatus({ interview: null, interview_requests: [] })).toBe('Pending');
    expect(applicationStatus({ interview: null, interview_requests: [{}] })).toBe('Interview Requested');
    expect(applicationStatus({ interview: { is_complete: false }, interview_requests: [] })).toBe('Interview scheduled');
    expect(applicationStatus({ interview: { is_complete: true }, interview_requests: [] })).toBe('Under Review');
  });
  it('derives the quote status', () => {
    const q = { is_approved: true, is_rejected: false, is_agreement_signed: false, is_payment_made: false };
    expect(quoteStatus(null)).toBe('Awaiting Review');
    expect(quoteStatus({ ...q, is_approved: false })).toBe('Awaiting Review');
    expect(quoteStatus({ ...q, is_approved: false, is_rejected: true })).toBe('Rejected');
    expect(quoteStatus(q)).toBe('Document signing and Payment required');
    expect(quoteStatus({ ...q, is_agreement_signed: true })).toBe('Payment required');
    expect(quoteStatus({ ...q, is_agreement_signed: true, is_payment_made: true })).toBe('Agreement finalized');
  });
});

describe('formats (spec 000 §9)', () => {
  const d = new Date('2026-11-21T15:05:00Z');
  it('formats dates and times', () => {
    expect(formatShortDate(d, 'UTC')).toBe('11/21/26');
    expect(formatTime(d, 'UTC')).toBe('3:05 pm');
    expect(formatTime(d, 'America/New_York')).toBe('10:05 am');
    expect(formatLongDate(d, 'UTC')).toBe('Saturday, November 21, 2026');
    expect(formatUsDate(d, 'UTC')).toBe('11/21/2026');
    expect(formatUsDate(new Date('2027-01-01T03:00:00Z'), 'America/New_York')).toBe('12/31/2026');
  });
  it('follows daylight saving', () => {
    expect(formatTime(new Date('2026-03-08T06:30:00Z'), 'America/New_York')).toBe('1:30 am');
    expect(formatTime(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('3:30 am');
  });
});

describe('partner slug and links', () => {
  it('reads the slug from a subdomain of a base host', () => {
    expect(slugFromHost('northfield.localhost:8080', ['localhost'])).toBe('northfield');
    expect(slugFromHost('localhost:8080', ['localhost'])).toBeNull();
    expect(slugFromHost('www.localhost', ['localhost'])).toBeNull();
    expect(slugFromHost('evil.example', ['localhost'])).toBeNull();
  });
  it('follows only relative notification links (HTML-02)', () => {
    expect(safeNotificationLink('/visit/3')).toBe('/visit/3');
    expect(safeNotificationLink('javascript:alert(1)')).toBeNull();
    expect(safeNotificationLink('//evil.example')).toBeNull();
    expect(safeNotificationLink('https://evil.example')).toBeNull();
  });
});
