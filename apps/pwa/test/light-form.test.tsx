import { loginRequestSchema, registerRequestSchema } from '@simvisit/schema';
import { Alert, Button, TextField } from '@simvisit/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api';
import { useLightForm } from '../src/lib/light-form';

type Sent = { email: string; password: string; slug?: string | null | undefined };

/** The login page's form as it is written: the shared schema, a slug the form does not show, packages/ui fields. */
function LoginHarness({ submit, onError }: { submit: (data: Sent) => Promise<unknown>; onError?: (f: unknown) => void }) {
  const { field, onSubmit, submitting, failure } = useLightForm({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' },
    input: (values) => ({ ...values, slug: 'sp' }),
    submit,
    onError,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {failure ? (
        <Alert tone="danger" role="alert">
          {failure}
        </Alert>
      ) : null}
      <TextField label="Email" type="email" {...field('email')} />
      <TextField label="Password" type="password" {...field('password')} />
      <Button type="submit" disabled={submitting}>
        Sign In
      </Button>
    </form>
  );
}

function errorUnder(label: string): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('useLightForm (the login and registration forms, decision 0085)', () => {
  it('shows the shared schema’s words under the fields, focuses the first, and sends nothing', async () => {
    const submit = vi.fn(async () => undefined);
    render(<LoginHarness submit={submit} />);
    await signIn('not-an-email', '');
    expect(errorUnder('Email')).toBe('The email field must be a valid email address.');
    expect(errorUnder('Password')).toBe('The password field is required.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends what the schema parsed, with the values the form does not show, and clears the messages', async () => {
    const submit = vi.fn(async (_data: Sent) => undefined);
    render(<LoginHarness submit={submit} />);
    const user = await signIn('', 'secret-pass');
    expect(errorUnder('Email')).toBe('The email field is required.');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toEqual({ email: 'ada@example.com', password: 'secret-pass', slug: 'sp' });
    expect(errorUnder('Email')).toBeNull();
  });

  it('puts a 422’s field messages under the matching fields, keeps what was typed, and reports it', async () => {
    const onError = vi.fn();
    const submit = vi.fn(async () => {
      throw new ApiError(422, {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
    });
    render(<LoginHarness submit={submit} onError={onError} />);
    await signIn('ada@example.com', 'wrong-pass');
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(errorUnder('Email')).toBe('These credentials do not match our records.');
    expect(errorUnder('Password')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(onError).toHaveBeenCalledWith(
      {
        errors: { email: ['These credentials do not match our records.'] },
        message: 'These credentials do not match our records.',
        explained: true,
      },
      expect.any(ApiError),
    );
  });

  it('shows a failure no field explains above the form (a field the form lacks, no connection)', async () => {
    const submit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, { message: 'The slug is unknown.', errors: { slug: ['The slug is unknown.'] } }))
      .mockRejectedValueOnce(new ApiError(0, { message: 'Unable to reach the server. Check your connection and try again.' }));
    render(<LoginHarness submit={submit} />);
    const user = await signIn('ada@example.com', 'secret-pass');
    expect((await screen.findByRole('alert')).textContent).toBe('The slug is unknown.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Unable to reach the server. Check your connection and try again.'),
    );
    expect(errorUnder('Email')).toBeNull();
  });

  it('disables the submit button while the call runs, and sends once', async () => {
    let finish: () => void = () => undefined;
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<LoginHarness submit={submit} />);
    const user = await signIn('ada@example.com', 'secret-pass');
    const button = screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(submit).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(button.disabled).toBe(false));
  });
});

/** Repeated fields by dotted name, as the registration's partner fields are bound. */
function RepeatedHarness({ submit }: { submit: (data: unknown) => Promise<unknown> }) {
  const { field, onSubmit } = useLightForm({
    schema: registerRequestSchema,
    defaultValues: {
      partner_slug: 'lakeside',
      first_name: 'Riley',
      last_name: 'Learner',
      email: 'riley@example.test',
      password: 'a-long-secret-2026',
      password_confirmation: 'a-long-secret-2026',
      custom_fields: [{ registration_field_id: 11, value: 'kept' }],
    },
    submit,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Student ID" {...field('custom_fields.0.value', 'registration-11')} />
      <Button type="submit">Register</Button>
    </form>
  );
}

describe('useLightForm with repeated fields', () => {
  it('starts each control from its default, sends it in its place, and shows a message for it under it', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(422, { message: 'Taken.', errors: { 'custom_fields.0.value': ['That ID is taken.'] } });
    });
    render(<RepeatedHarness submit={submit} />);
    const input = screen.getByLabelText('Student ID') as HTMLInputElement;
    expect(input.id).toBe('registration-11');
    expect(input.value).toBe('kept');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, 'S-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(errorUnder('Student ID')).toBe('That ID is taken.'));
    expect(submit.mock.calls[0]).toMatchObject([{ custom_fields: [{ registration_field_id: 11, value: 'S-1' }], first_name: 'Riley' }]);
  });
});
