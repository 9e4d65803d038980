import { loginRequestSchema, resetPasswordRequestSchema } from '@simvisit/schema';
import { Alert, Button, TextField } from '@simvisit/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api';
import { type SubmitFailure, useApiForm } from '../src/lib/api-form';
import type { FieldErrors } from '../src/lib/form-errors';

type Login = { email: string; password: string };

interface HarnessProps {
  submit: (data: { email: string; password: string; slug?: string | null | undefined }) => Promise<unknown>;
  onError?: (failure: SubmitFailure) => void;
  onInvalid?: (errors: FieldErrors) => void;
}

/** A sign-in form as the app writes one: the shared schema, a slug the form does not show, packages/ui fields. */
function LoginHarness({ submit, onError, onInvalid }: HarnessProps) {
  const { field, onSubmit, submitting, failure } = useApiForm({
    schema: loginRequestSchema,
    defaultValues: { email: '', password: '' } satisfies Login,
    input: (values) => ({ ...values, slug: 'sp' }),
    submit,
    onError,
    onInvalid,
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
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('useApiForm', () => {
  it('shows the shared schema’s own words under the fields and sends nothing', async () => {
    const submit = vi.fn(async () => undefined);
    const onInvalid = vi.fn();
    render(<LoginHarness submit={submit} onInvalid={onInvalid} />);
    await signIn('not-an-email', '');
    expect(errorUnder('Email')).toBe('The email field must be a valid email address.');
    expect(errorUnder('Password')).toBe('The password field is required.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith({
      email: ['The email field must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('sends what the schema parsed, with the values the form does not show', async () => {
    const submit = vi.fn<HarnessProps['submit']>(async () => undefined);
    render(<LoginHarness submit={submit} />);
    await signIn('ada@example.com', 'secret-pass');
    expect(submit.mock.calls[0]?.[0]).toEqual({ email: 'ada@example.com', password: 'secret-pass', slug: 'sp' });
    expect(errorUnder('Email')).toBeNull();
  });

  it('puts a 422’s field messages under the matching fields, without a general message', async () => {
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

  it('shows a failure no field explains above the form', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(0, { message: 'Unable to reach the server. Check your connection and try again.' });
    });
    render(<LoginHarness submit={submit} />);
    await signIn('ada@example.com', 'secret-pass');
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to reach the server. Check your connection and try again.');
    expect(errorUnder('Email')).toBeNull();
  });

  it('puts the messages of a write the local store refused under the fields too', async () => {
    class RefusedLocally extends Error {
      readonly errors = { password: ['The password is too weak.'] };
    }
    const submit = vi.fn(async () => {
      throw new RefusedLocally('The password is too weak.');
    });
    render(<LoginHarness submit={submit} />);
    await signIn('ada@example.com', 'secret-pass');
    await vi.waitFor(() => expect(errorUnder('Password')).toBe('The password is too weak.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a 422 keyed by a field the form lacks as a general failure', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(422, { message: 'The slug is unknown.', errors: { slug: ['The slug is unknown.'] } });
    });
    render(<LoginHarness submit={submit} />);
    await signIn('ada@example.com', 'secret-pass');
    expect((await screen.findByRole('alert')).textContent).toBe('The slug is unknown.');
  });

  it('disables the submit button while the call runs, and only sends once', async () => {
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

  it('clears the server’s messages when the next submit succeeds', async () => {
    const submit = vi
      .fn<HarnessProps['submit']>()
      .mockRejectedValueOnce(new ApiError(422, { message: 'Taken.', errors: { email: ['Taken.'] } }))
      .mockResolvedValueOnce(undefined);
    render(<LoginHarness submit={submit} />);
    const user = await signIn('ada@example.com', 'secret-pass');
    expect(await screen.findByText('Taken.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(errorUnder('Email')).toBeNull());
  });

  it('reports nothing when the session ended (the app is already on its way to the login page)', async () => {
    const onError = vi.fn();
    const submit = vi.fn(async () => {
      const error = new ApiError(419, { message: 'CSRF token mismatch.' });
      error.sessionEnded = true;
      throw error;
    });
    render(<LoginHarness submit={submit} onError={onError} />);
    await signIn('ada@example.com', 'secret-pass');
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });
});

/** A refinement's message and a nested server path, which the hook keeps apart per field. */
function ResetHarness({ onInvalid, submit }: { onInvalid: (errors: FieldErrors) => void; submit: () => Promise<unknown> }) {
  const { field, onSubmit, error } = useApiForm({
    schema: resetPasswordRequestSchema,
    defaultValues: { password: '', password_confirmation: '', answers: [{ text: '' }] },
    input: (values) => ({ ...values, token: 't', email: 'ada@example.com' }),
    submit,
    onInvalid,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Password" type="password" {...field('password')} />
      <TextField label="Confirm Password" type="password" {...field('password_confirmation')} />
      <p data-testid="answer-error">{error('answers.0.text')}</p>
      <Button type="submit">Reset</Button>
    </form>
  );
}

describe('useApiForm with nested and repeated messages', () => {
  it('keeps every message of a field for a form that lists them', async () => {
    const onInvalid = vi.fn();
    render(<ResetHarness onInvalid={onInvalid} submit={async () => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() => expect(onInvalid).toHaveBeenCalled());
    expect(onInvalid.mock.calls[0]?.[0]).toEqual({
      password: ['The password field must be at least 8 characters.', 'The password field confirmation does not match.'],
    });
    expect(errorUnder('Password')).toBe('The password field must be at least 8 characters.');
  });

  it('puts a server message with a dotted path under the nested field', async () => {
    const submit = async () => {
      throw new ApiError(422, { message: 'The answer is required.', errors: { 'answers.0.text': ['The answer is required.'] } });
    };
    render(<ResetHarness onInvalid={() => undefined} submit={submit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() => expect(screen.getByTestId('answer-error').textContent).toBe('The answer is required.'));
  });
});
