import { type BrandPassword, BRAND_PASSWORD_MESSAGES as M, PASSWORD_LETTERS, PASSWORD_SYMBOLS } from '@simvisit/schema';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditPasswordModal } from '../src/features/brand-passwords/EditPasswordModal';
import { ApiError } from '../src/lib/api';

const partner: BrandPassword = {
  id: 42,
  slug: 'harbor',
  short_name: 'Harbor',
  long_name: 'Harbor Health Sciences',
  enable_password: false,
  password: null,
  rotate_password: false,
  rotation_frequency: null,
  rotation_end_date: null,
  password_rotated_at: null,
};

function setup(p: BrandPassword = partner, save = vi.fn(async () => ({}))) {
  const onSaved = vi.fn();
  const onFailed = vi.fn();
  render(<EditPasswordModal partner={p} onClose={() => {}} save={save} onSaved={onSaved} onFailed={onFailed} />);
  return { save, onSaved, onFailed, user: userEvent.setup() };
}

describe('EditPasswordModal (spec 002 §2.14, §4 Passwords)', () => {
  it('shows the password only when enabled, rotation only when enabled, frequency and end date only when rotating', async () => {
    const { user } = setup();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Rotate Password' })).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Enable Password' }));
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Rotate Password' })).toBeTruthy();
    expect(screen.queryByLabelText(/Rotation Frequency/)).toBeNull();
    expect(screen.queryByLabelText(/Rotation End Date/)).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Rotate Password' }));
    expect(screen.getByLabelText(/Rotation Frequency/)).toBeTruthy();
    expect(screen.getByLabelText(/Rotation End Date/)).toBeTruthy();

    // turning the password off hides everything again, rotation included
    await user.click(screen.getByRole('switch', { name: 'Enable Password' }));
    expect(screen.queryByLabelText(/Rotation Frequency/)).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Enable Password' }));
    expect((screen.getByRole('switch', { name: 'Rotate Password' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('false');
  });

  it('Generate fills a 12-character password of 9 letters and 3 symbols', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('switch', { name: 'Enable Password' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const value = (screen.getByLabelText(/^Password/) as HTMLInputElement).value;
    expect(value).toHaveLength(12);
    expect([...value].filter((c) => PASSWORD_LETTERS.includes(c))).toHaveLength(9);
    expect([...value].filter((c) => PASSWORD_SYMBOLS.includes(c))).toHaveLength(3);
  });

  it('refuses an enabled password left empty, sending nothing', async () => {
    const { user, save } = setup();
    await user.click(screen.getByRole('switch', { name: 'Enable Password' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.passwordRequired)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the settings, with the hidden rotation fields empty', async () => {
    const { user, save, onSaved } = setup();
    await user.click(screen.getByRole('switch', { name: 'Enable Password' }));
    await user.type(screen.getByLabelText(/^Password/), 'Harbor-2031');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith({
      partner_id: 42,
      enable_password: true,
      password: 'Harbor-2031',
      rotate_password: false,
      rotation_frequency: null,
      rotation_end_date: null,
    });
  });

  it('sends a rotation with its frequency and end date', async () => {
    const { user, save } = setup({ ...partner, enable_password: true, password: 'Old-1' });
    await user.click(screen.getByRole('switch', { name: 'Rotate Password' }));
    await user.selectOptions(screen.getByLabelText(/Rotation Frequency/), '3');
    await user.type(screen.getByLabelText(/Rotation End Date/), '2031-12-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ rotate_password: true, rotation_frequency: 3, rotation_end_date: '2031-12-31' }),
    );
  });

  it('shows the server’s password error under the field and reports the failure', async () => {
    const refuse = vi.fn(async () => {
      throw new ApiError(422, { message: 'That password is taken.', errors: { password: ['That password is taken.'] } });
    });
    const { user, onFailed, onSaved } = setup({ ...partner, enable_password: true, password: 'Old-1' }, refuse);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That password is taken.')).toBeTruthy();
    expect(onFailed).toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
