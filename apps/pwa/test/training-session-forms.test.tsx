import { TRAINING_SESSION_MESSAGES as M } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleTrainingSessionForm } from '../src/features/training-sessions/ScheduleTrainingSessionForm';
import { ApiError } from '../src/lib/api';

/* The trainer dashboard's Schedule a Training Session form (spec 001 §5, decision 0049) on useApiForm. */
const calls = vi.hoisted(() => ({ schedule: vi.fn(), notifyFailure: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../src/features/training-sessions/training-sessions-api', () => ({
  trainingCalls: { schedule: calls.schedule },
  trainingKeys: { all: ['training'] },
  useScheduleOptions: () => ({
    data: {
      available_users: [
        { id: 11, name: 'Sam SP', email: 'sam@x.test' },
        { id: 12, name: 'Olive Observer', email: 'olive@x.test' },
      ],
      scenarios: [{ id: 5, title: 'Acute low back pain', patient_name: 'Pat' }],
    },
  }),
}));
// The device's zone, as a phone in Chicago reports it.
vi.mock('@simvisit/schema', async (original) => ({
  ...(await original<typeof import('@simvisit/schema')>()),
  deviceTimeZone: () => 'America/Chicago',
}));
vi.mock('../src/lib/app-config', () => ({ useAppConfig: () => ({ product_name: 'SimVisit' }) }));
vi.mock('../src/platform/notices', () => ({ notifyFailure: calls.notifyFailure, notifySuccess: calls.notifySuccess }));

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ScheduleTrainingSessionForm />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

describe('Schedule a Training Session', () => {
  it("names every missing field in the spec's words and sends nothing", async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(M.dateRequired)).toBeTruthy();
    expect(screen.getByText(M.typeRequired)).toBeTruthy();
    expect(screen.getByText(M.usersRequired)).toBeTruthy();
    expect(calls.schedule).not.toHaveBeenCalled();
  });

  it('asks a grouped session for its scenario and job number, uppercases the job number and sends the slot', async () => {
    calls.schedule.mockResolvedValue({ message: M.scheduled });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Date/), '2031-05-06');
    await user.selectOptions(screen.getByLabelText(/^Time/), '14:30');
    await user.selectOptions(screen.getByLabelText(/^Training Session Type/), screen.getByRole('option', { name: /^Grouped/ }));
    await user.click(screen.getByRole('checkbox', { name: /Sam SP/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(M.scenarioRequired)).toBeTruthy();
    expect(screen.getByText(M.jobNumberRequired)).toBeTruthy();
    expect(calls.schedule).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/^Scenario/), '5');
    await user.type(screen.getByLabelText(/^Job Number/), 'job-77a');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await vi.waitFor(() => expect(calls.schedule).toHaveBeenCalledTimes(1));
    expect(calls.schedule.mock.calls[0]![0]).toMatchObject({
      date: '2031-05-06 14:30:00',
      users: [11],
      scenario: 5,
      is_sim: false,
      job_number: 'JOB-77A',
      timezone: 'America/Chicago',
    });
    expect(calls.notifySuccess).toHaveBeenCalledWith(M.scheduled);
  });

  it("puts a refused call's field message under its field and tells the failure title", async () => {
    calls.schedule.mockRejectedValue(new ApiError(422, { message: M.dateRequired, errors: { date: [M.dateRequired] } }));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Date/), '2031-05-06');
    await user.selectOptions(screen.getByLabelText(/^Time/), '14:30');
    await user.selectOptions(screen.getByLabelText(/^Training Session Type/), screen.getByRole('option', { name: /^Onboarding/ }));
    await user.click(screen.getByRole('checkbox', { name: /Olive Observer/ }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(M.dateRequired)).toBeTruthy();
    expect(calls.notifyFailure.mock.calls[0]![0]).toBe(M.scheduleError);
  });
});
