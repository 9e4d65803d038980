import { REGISTRATION_MESSAGES as RM } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistrationConfirmationNotice } from '../src/features/registration/RegistrationConfirmationNotice';

/* The dashboard's notice for a learner whose registration waits for its emailed link (decision 0051). */
const calls = vi.hoisted(() => ({
  status: vi.fn(),
  resend: vi.fn(),
  notifySuccess: vi.fn(),
  notifyFailure: vi.fn(),
}));
vi.mock('../src/features/registration/registration-api', () => ({
  useRegistrationConfirmation: () => ({ data: calls.status() }),
  resendRegistrationConfirmation: calls.resend,
}));
vi.mock('../src/platform/notices', () => ({ notifySuccess: calls.notifySuccess, notifyFailure: calls.notifyFailure }));

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

describe('RegistrationConfirmationNotice', () => {
  it('asks an unconfirmed learner to confirm, and sends a new link on request', async () => {
    calls.status.mockReturnValue({ confirmation_pending: true });
    calls.resend.mockResolvedValue({ message: 'We sent a new confirmation link to riley@example.test.' });
    render(<RegistrationConfirmationNotice />);
    expect(screen.getByRole('status').textContent).toContain(RM.confirmNotice);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(calls.resend).toHaveBeenCalledOnce();
    expect(calls.notifySuccess).toHaveBeenCalledWith('We sent a new confirmation link to riley@example.test.');
  });

  it('shows nothing once confirmed or while loading', () => {
    calls.status.mockReturnValue({ confirmation_pending: false });
    const { container, rerender } = render(<RegistrationConfirmationNotice />);
    expect(container.textContent).toBe('');
    calls.status.mockReturnValue(undefined);
    rerender(<RegistrationConfirmationNotice />);
    expect(container.textContent).toBe('');
  });
});
