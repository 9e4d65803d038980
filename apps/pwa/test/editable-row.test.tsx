import { PROFILE_FIELD_RULES, PROFILE_MESSAGES } from '@simvisit/schema';
import { TextField } from '@simvisit/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EditableRow } from '../src/features/profile/EditableRow';
import { ApiError } from '../src/lib/api';

vi.mock('../src/platform/sync', () => ({ useSyncState: () => ({ online: true }) }));

/** The email row as the profile writes it: the allowlisted email rule and the current password it needs. */
const emailChangeSchema = z.object({
  email: PROFILE_FIELD_RULES.email,
  current_password: z.string().min(1, { error: PROFILE_MESSAGES.currentPasswordRequired }),
});

function EmailHarness({ save }: { save: (data: { email: string; current_password: string }) => Promise<void> }) {
  return (
    <EditableRow
      label="Email"
      view="ada@example.com"
      mainKey="email"
      otherKeys={['current_password']}
      initialValues={() => ({ email: 'ada@example.com', current_password: '' })}
      schema={emailChangeSchema}
      save={save}
      editor={({ field, error, saving }) => (
        <>
          <TextField {...field('email', 'email')} label="Email" error={error('email')} disabled={saving} />
          <TextField {...field('current_password', 'pw')} label="Current Password" error={error('current_password')} disabled={saving} />
        </>
      )}
    />
  );
}

function errorUnder(label: string): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

async function edit(password: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit Email' }));
  if (password) await user.type(screen.getByLabelText('Current Password'), password);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

describe('EditableRow (profile rows on useApiForm)', () => {
  it('shows the row rule’s messages under their controls and sends nothing', async () => {
    const save = vi.fn(async () => undefined);
    render(<EmailHarness save={save} />);
    await edit('');
    await vi.waitFor(() => expect(errorUnder('Current Password')).toBe(PROFILE_MESSAGES.currentPasswordRequired));
    expect(errorUnder('Email')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves what the rule returned and goes back to view mode', async () => {
    const save = vi.fn(async (_data: { email: string; current_password: string }) => undefined);
    render(<EmailHarness save={save} />);
    await edit('secret-pass');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit Email' })).toBeTruthy());
    expect(save.mock.calls[0]?.[0]).toEqual({ email: 'ada@example.com', current_password: 'secret-pass' });
  });

  it('puts a 422’s messages under the matching controls', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(422, {
        message: 'The current password is incorrect.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
    });
    render(<EmailHarness save={save} />);
    await edit('wrong-pass');
    await vi.waitFor(() => expect(errorUnder('Current Password')).toBe('The current password is incorrect.'));
    expect(errorUnder('Email')).toBeNull();
  });

  it('puts a message for a key no control shows, and a failure without field messages, under the main control', async () => {
    const save = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(422, { message: 'The value is invalid.', errors: { value: ['The value is invalid.'] } }))
      .mockRejectedValueOnce(new ApiError(0, { message: 'Unable to reach the server.' }));
    render(<EmailHarness save={save} />);
    const user = await edit('secret-pass');
    await vi.waitFor(() => expect(errorUnder('Email')).toBe('The value is invalid.'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(errorUnder('Email')).toBe('Unable to reach the server.'));
  });

  it('opens again without the last messages', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(0, { message: 'Unable to reach the server.' });
    });
    render(<EmailHarness save={save} />);
    const user = await edit('secret-pass');
    await vi.waitFor(() => expect(errorUnder('Email')).toBe('Unable to reach the server.'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Email' }));
    expect(errorUnder('Email')).toBeNull();
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });
});
