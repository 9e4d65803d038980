import { REGISTRATION_MESSAGES as RM } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicantView from '../src/features/dashboard/views/ApplicantView';

/*
 * The applicant view of the dashboard, where a learner who signed in before following the registration link lands
 * (decision 0051): the notice alone under a heading that claims no role; a real applicant keeps the applicant
 * cards. The cards and the calls are replaced by markers: what is tested is the view's choice.
 */
const state = vi.hoisted(() => ({ status: vi.fn() }));

vi.mock('../src/features/registration/registration-api', () => ({
  useRegistrationConfirmation: (enabled = true) => ({ data: enabled ? state.status() : undefined }),
  resendRegistrationConfirmation: vi.fn(),
}));
vi.mock('../src/features/applications', () => ({
  ApplicantDashboard: () => <p>applicant cards</p>,
  ConfirmationNotice: ({ message }: { message: string }) => <p role="status">{message}</p>,
}));

beforeEach(() => state.status.mockReset());

describe('the applicant view of the dashboard', () => {
  it('shows an unconfirmed learner the confirmation notice alone, without the applicant cards', () => {
    state.status.mockReturnValue({ confirmation_pending: true });
    render(<ApplicantView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
    expect(screen.getByRole('status').textContent).toBe(RM.confirmNotice);
    expect(screen.queryByText('applicant cards')).toBeNull();
  });

  it('shows an applicant (nothing waiting, or the status not known yet) the applicant dashboard', () => {
    state.status.mockReturnValue({ confirmation_pending: false });
    const { rerender } = render(<ApplicantView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Applicant Dashboard');
    expect(screen.getByText('applicant cards')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    state.status.mockReturnValue(undefined);
    rerender(<ApplicantView />);
    expect(screen.getByText('applicant cards')).toBeTruthy();
  });
});
