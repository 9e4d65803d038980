import { RECRUITMENT_MESSAGES as M, type PendingUserResponse } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationDecisionCard } from '../src/features/recruitment/ApplicationDecisionCard';
import { InterviewSchedulingCard } from '../src/features/recruitment/InterviewSchedulingCard';
import { ApiError } from '../src/lib/api';

/* The applicant page's forms (decision 0048) on useApiForm: approve or reject an applicant, propose interview dates. */
const calls = vi.hoisted(() => ({
  approve: vi.fn(),
  reject: vi.fn(),
  proposeInterview: vi.fn(),
  cancelRequest: vi.fn(),
  navigate: vi.fn(),
  notify: vi.fn(),
  notifyFailure: vi.fn(),
  notifySuccess: vi.fn(),
}));
vi.mock('../src/features/recruitment/recruitment-api', () => ({
  recruitmentCalls: {
    approve: calls.approve,
    reject: calls.reject,
    proposeInterview: calls.proposeInterview,
    cancelRequest: calls.cancelRequest,
  },
  recruitmentKeys: { all: ['recruitment'] },
}));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => calls.navigate }));
vi.mock('../src/lib/app-link', () => ({ AppLink: ({ children }: { children: ReactNode }) => <a href="/x">{children}</a> }));
vi.mock('../src/platform/notices', () => ({
  notify: calls.notify,
  notifyFailure: calls.notifyFailure,
  notifySuccess: calls.notifySuccess,
}));

const data = {
  pending_user: {
    id: 41,
    created_at: '2031-03-01T10:00:00.000Z',
    roles_applied: ['Standardized Patient'],
    rejected_request_id: null,
    interview: null,
    interview_requests: [],
    user: { id: 7, name: 'Avery Applicant', email: 'avery@x.test', availabilities: [] },
  },
  roles: [
    { key: 'standardized_patient', label: 'SP', rate: true },
    { key: 'reviewer', label: 'Reviewer', rate: false },
  ],
} as unknown as PendingUserResponse;

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

describe('approving an applicant', () => {
  it('needs a role, then a rate for a role with a pay rate; sends the roles with their rates', async () => {
    calls.approve.mockResolvedValue({ message: M.approved });
    wrap(<ApplicationDecisionCard data={data} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(M.roleRequired)).toBeTruthy();
    expect(calls.approve).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'SP' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(M.rateRequired)).toBeTruthy();
    expect(calls.approve).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('SP rate (USD)'), '25');
    await user.click(screen.getByRole('checkbox', { name: 'Reviewer' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(calls.approve).toHaveBeenCalledTimes(1));
    expect(calls.approve.mock.calls[0]![0]).toMatchObject({
      application_id: 41,
      selected_roles: ['standardized_patient', 'reviewer'],
      role_rates: { standardized_patient: 25 },
    });
    await vi.waitFor(() => expect(calls.navigate).toHaveBeenCalledWith({ to: '/dashboard' }));
    expect(calls.notifySuccess).toHaveBeenCalledWith(M.approved);
  });

  it("puts the server's field message under the rate and sends no notice for it", async () => {
    calls.approve.mockRejectedValue(
      new ApiError(422, { message: M.rateRange, errors: { 'role_rates.standardized_patient': [M.rateRange] } }),
    );
    wrap(<ApplicationDecisionCard data={data} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'SP' }));
    await user.type(screen.getByLabelText('SP rate (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(M.rateRange)).toBeTruthy();
    expect(calls.notifyFailure).not.toHaveBeenCalled();
    expect(calls.navigate).not.toHaveBeenCalled();
  });
});

describe('rejecting an applicant', () => {
  it('requires the note in the spec’s words, then sends it', async () => {
    calls.reject.mockResolvedValue({ message: M.rejected });
    wrap(<ApplicationDecisionCard data={data} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('dialog', { name: 'Reject Application' });
    const confirm = screen.getByRole('button', { name: 'Reject Application' });
    await user.click(confirm);
    expect(await screen.findByText(M.rejectionNoteRequired)).toBeTruthy();
    expect(calls.reject).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Rejection note'), 'Not a fit for this season.');
    await user.click(confirm);
    await vi.waitFor(() => expect(calls.reject).toHaveBeenCalledWith({ application_id: 41, note: 'Not a fit for this season.' }));
    await vi.waitFor(() => expect(calls.navigate).toHaveBeenCalledWith({ to: '/dashboard' }));
  });
});

describe('proposing interview dates', () => {
  it("needs two dates ('Interview scheduling needs two dates'), then sends both slots in the viewer's zone", async () => {
    calls.proposeInterview.mockResolvedValue({ message: M.requestSent, interview_requests: [] });
    const { container } = wrap(<InterviewSchedulingCard pending={data.pending_user} />);
    const user = userEvent.setup();
    const pickers = container.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]');
    expect(pickers).toHaveLength(2);
    await user.type(pickers[0]!, '2031-03-05T14:00');
    await user.click(screen.getByRole('button', { name: 'Send Interview Dates' }));
    expect(await screen.findByText(M.twoDates)).toBeTruthy();
    expect(calls.proposeInterview).not.toHaveBeenCalled();

    await user.type(pickers[1]!, '2031-03-06T15:30');
    await user.click(screen.getByRole('button', { name: 'Send Interview Dates' }));
    await vi.waitFor(() => expect(calls.proposeInterview).toHaveBeenCalledTimes(1));
    expect(calls.proposeInterview.mock.calls[0]![0]).toMatchObject({
      interview_date_one: '2031-03-05 14:00:00',
      interview_date_two: '2031-03-06 15:30:00',
      request_type: 2,
      applicant_user_id: 7,
      parent_request_id: null,
    });
    expect(calls.notifySuccess).toHaveBeenCalledWith(M.requestSent);
  });

  it("shows a refused proposal's message as the notice's title with each field's words", async () => {
    calls.proposeInterview.mockRejectedValue(new ApiError(422, { message: M.pastDate, errors: { interview_date_one: [M.pastDate] } }));
    const { container } = wrap(<InterviewSchedulingCard pending={data.pending_user} />);
    const user = userEvent.setup();
    const pickers = container.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]');
    await user.type(pickers[0]!, '2031-03-05T14:00');
    await user.type(pickers[1]!, '2031-03-06T15:30');
    await user.click(screen.getByRole('button', { name: 'Send Interview Dates' }));
    await vi.waitFor(() => expect(calls.notify).toHaveBeenCalled());
    expect(calls.notify.mock.calls[0]![0]).toMatchObject({ title: M.pastDate, items: [M.pastDate] });
  });
});
