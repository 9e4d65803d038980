import { REGISTRATION_MESSAGES as RM } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../src/features/dashboard/DashboardPage';

/*
 * The dashboard of a learner who signed in before following the registration link (decision 0051): the notice
 * alone under a heading that claims no role; a real applicant keeps the applicant cards. The other dashboards and
 * the calls are replaced by markers: what is tested is the page's choice.
 */
const state = vi.hoisted(() => ({ view: 'applicant', status: vi.fn(), enabledWith: [] as boolean[] }));

vi.mock('../src/platform/session', () => ({ useSignedInSession: () => ({ user: { id: 1 }, partner: null }) }));
vi.mock('../src/features/dashboard/dashboard-view', () => ({ useDashboardView: () => ({ view: state.view }) }));
vi.mock('../src/features/registration/registration-api', () => ({
  useRegistrationConfirmation: (enabled = true) => {
    state.enabledWith.push(enabled);
    return { data: enabled ? state.status() : undefined };
  },
  resendRegistrationConfirmation: vi.fn(),
}));
vi.mock('../src/features/applications', () => ({
  ApplicantDashboard: () => <p>applicant cards</p>,
  ConfirmationNotice: ({ message }: { message: string }) => <p role="status">{message}</p>,
}));
vi.mock('../src/features/visit-dashboard', () => ({ VisitDashboard: () => <p>visit dashboard</p> }));
vi.mock('../src/features/training-sessions', () => ({ TrainerDashboard: () => <p>trainer dashboard</p> }));
vi.mock('../src/features/recruitment', () => ({ InterviewsCard: () => null }));
vi.mock('../src/features/dashboard/AuthorDashboard', () => ({ AuthorDashboard: () => null }));
vi.mock('../src/features/dashboard/ReviewerDashboard', () => ({ ReviewerDashboard: () => null }));
vi.mock('../src/lib/app-link', () => ({ AppLink: ({ children }: { children: unknown }) => <a href="/scenarios">{children as string}</a> }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));

beforeEach(() => {
  state.view = 'applicant';
  state.status.mockReset();
  state.enabledWith = [];
});

describe('DashboardPage', () => {
  it('shows an unconfirmed learner the confirmation notice alone, without the applicant cards', () => {
    state.status.mockReturnValue({ confirmation_pending: true });
    render(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
    expect(screen.getByRole('status').textContent).toBe(RM.confirmNotice);
    expect(screen.queryByText('applicant cards')).toBeNull();
  });

  it('shows an applicant (nothing waiting, or the status not known yet) the applicant dashboard', () => {
    state.status.mockReturnValue({ confirmation_pending: false });
    const { rerender } = render(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Applicant Dashboard');
    expect(screen.getByText('applicant cards')).toBeTruthy();
    state.status.mockReturnValue(undefined);
    rerender(<DashboardPage />);
    expect(screen.getByText('applicant cards')).toBeTruthy();
  });

  it('does not ask about a registration on any other view', () => {
    state.view = 'learner';
    render(<DashboardPage />);
    expect(screen.getByText('visit dashboard')).toBeTruthy();
    expect(state.enabledWith.every((enabled) => !enabled)).toBe(true);
    expect(state.status).not.toHaveBeenCalled();
  });
});
