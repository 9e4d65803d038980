import { REGISTRATION_FIELD_MESSAGES as FM, passcodeNotice, REGISTRATION_MESSAGES as RM } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistrationForm } from '../src/features/registration/RegisterPage';
import { AddFieldDialog } from '../src/features/registration-fields/AddFieldDialog';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({
  registerLearner: vi.fn(),
  addRegistrationField: vi.fn(),
  notifySuccess: vi.fn(),
  notifyFailure: vi.fn(),
}));
vi.mock('../src/features/registration/registration-api', () => ({ registerLearner: calls.registerLearner }));
vi.mock('../src/features/registration-fields/registration-fields-api', () => ({ addRegistrationField: calls.addRegistrationField }));
// The page's frame (card, partner, routes) stays out: only the forms are rendered here.
vi.mock('../src/features/auth', () => ({ AuthCard: () => null }));
vi.mock('../src/features/partners', () => ({ usePartnerBySlug: () => ({ partner: null }) }));
vi.mock('../src/lib/app-config', () => ({ useAppConfig: () => ({ host_partner_slug: null }) }));
vi.mock('../src/platform/notices', () => ({ notifySuccess: calls.notifySuccess, notifyFailure: calls.notifyFailure }));

function errorUnder(label: string | RegExp): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

const frame = {
  partner: { id: 7, slug: 'lakeside', long_name: 'Lakeside College' },
  registration_fields: [
    { id: 11, field_name: 'Student ID', field_type: 'input' as const, required: true, partner_id: 7, answers: [] },
    {
      id: 12,
      field_name: 'Cohort',
      field_type: 'select' as const,
      required: false,
      partner_id: 7,
      answers: [
        { id: 5, title: 'Spring', short_name: null },
        { id: 6, title: 'Fall', short_name: null },
      ],
    },
  ],
  passcode_required: false,
};

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

describe('RegistrationForm', () => {
  it('says before registering that the partner asks for a passcode, and only then', async () => {
    const { unmount } = render(<RegistrationForm frame={{ ...frame, passcode_required: true }} onDone={() => undefined} />);
    expect(screen.getByText(passcodeNotice('Lakeside College'))).toBeTruthy();
    unmount();
    render(<RegistrationForm frame={frame} onDone={() => undefined} />);
    expect(screen.queryByText(passcodeNotice('Lakeside College'))).toBeNull();
  });

  it("shows the fixed fields and the partner's fields, and checks them before sending anything", async () => {
    render(<RegistrationForm frame={frame} onDone={() => undefined} />);
    for (const label of [/First Name/, /Last Name/, /^Email/, /^Password/, /Confirm Password/, /Student ID/, /Cohort/]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'a-long-secret-2026');
    await user.type(screen.getByLabelText(/Confirm Password/), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(errorUnder(/First Name/)).toBe('The first name field is required.'));
    expect(errorUnder(/Confirm Password/)).toBe(RM.passwordConfirmation);
    expect(calls.registerLearner).not.toHaveBeenCalled();
  });

  it("sends the answers by field and shows the server's words under the field they name", async () => {
    calls.registerLearner.mockRejectedValueOnce(
      new ApiError(422, {
        message: 'The Student ID field is required.',
        errors: { 'custom_fields.0.value': ['The Student ID field is required.'] },
      }),
    );
    const onDone = vi.fn();
    render(<RegistrationForm frame={frame} onDone={onDone} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/First Name/), 'Riley');
    await user.type(screen.getByLabelText(/Last Name/), 'Learner');
    await user.type(screen.getByLabelText(/^Email/), 'riley@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-secret-2026');
    await user.type(screen.getByLabelText(/Confirm Password/), 'a-long-secret-2026');
    await user.selectOptions(screen.getByLabelText(/Cohort/), '6');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(errorUnder(/Student ID/)).toBe('The Student ID field is required.'));
    expect(calls.registerLearner.mock.calls[0]![0]).toMatchObject({
      partner_slug: 'lakeside',
      email: 'riley@example.test',
      custom_fields: [
        { registration_field_id: 11, value: '' },
        { registration_field_id: 12, value: '6' },
      ],
    });
    calls.registerLearner.mockResolvedValueOnce({ message: RM.registered('riley@example.test') });
    await user.type(screen.getByLabelText(/Student ID/), 'S-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(RM.registered('riley@example.test')));
  });
});

describe('AddFieldDialog', () => {
  it('refuses a select with fewer than 2 options or an empty one, and sends the slug from the title', async () => {
    const onDone = vi.fn();
    render(<AddFieldDialog partnerId={7} userId={1} onDone={onDone} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    await vi.waitFor(() => expect(errorUnder(/^Title/)).toBe(FM.titleRequired));

    await user.type(screen.getByLabelText(/^Title/), 'Graduation Year!');
    expect((screen.getByLabelText(/Slug/) as HTMLInputElement).value).toBe('graduation_year');
    await user.selectOptions(screen.getByLabelText(/Field Type/), 'select');
    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    await user.type(screen.getByLabelText('Option 1'), '2026');
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    await vi.waitFor(() => expect(screen.getByText(FM.selectOptions)).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    await vi.waitFor(() => expect(screen.getByText(FM.emptyValues)).toBeTruthy());
    expect(calls.addRegistrationField).not.toHaveBeenCalled();

    calls.addRegistrationField.mockResolvedValueOnce({ message: FM.added });
    await user.type(screen.getByLabelText('Option 2'), '2027');
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.addRegistrationField).toHaveBeenCalledWith(7, {
      field_type: 'select',
      field_title: 'Graduation Year!',
      field_slug: 'graduation_year',
      answers: ['2026', '2027'],
      user_id: 1,
    });
    expect(calls.notifySuccess).toHaveBeenCalledWith(FM.added);
  });
});
