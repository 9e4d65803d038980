import { APPLYING_MESSAGES } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplyPage } from '../src/features/applying/ApplyPage';
import { ApiError } from '../src/lib/api';

/* The role application behind 'Want to Become a SP?' (decision 0047) on useApiForm, its calls mocked. */
const calls = vi.hoisted(() => ({ sendApplication: vi.fn() }));
vi.mock('../src/features/applying/applying-api', () => ({
  sendApplication: calls.sendApplication,
  useApplyForm: () => ({
    isPending: false,
    data: {
      partner: { id: 1, slug: 'sp', short_name: 'SimVisit' },
      roles: [
        { key: 'standardized_patient', label: 'SP' },
        { key: 'observer', label: 'Observer' },
      ],
      registration_fields: [],
    },
  }),
}));
vi.mock('../src/lib/lookups', () => ({
  useLookup: () => [{ id: 9, short_name: 'America/Chicago', title: '(UTC-06:00) Central Time' }],
}));
vi.mock('../src/lib/app-config', () => ({ useAppConfig: () => ({ host_partner_slug: null, product_name: 'SimVisit' }) }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('../src/features/partners', () => ({ usePartnerBySlug: () => ({ partner: undefined }) }));
vi.mock('../src/features/auth', () => ({
  AuthCard: ({ title, children }: { title: string; children: ReactNode }) => (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  ),
}));
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/login">{children}</a> }));

const PASSWORD = 'a-long-secret-2026';

function errorUnder(label: string | RegExp): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^First Name/), 'Sam');
  await user.type(screen.getByLabelText(/^Last Name/), 'Stage');
  await user.type(screen.getByLabelText(/^Email/), 'sam@apply.test');
  await user.type(screen.getByLabelText(/^Password/), PASSWORD);
  await user.type(screen.getByLabelText(/^Confirm Password/), PASSWORD);
  await user.type(screen.getByLabelText(/^Experience/), 'Ten years on stage.');
  await user.selectOptions(screen.getByLabelText(/^Time Zone/), '9');
  await user.upload(screen.getByLabelText(/^Resume/), new File(['%PDF-1.4'], 'resume.pdf', { type: 'application/pdf' }));
  await user.upload(screen.getByLabelText(/^Headshot/), new File(['png'], 'me.png', { type: 'image/png' }));
  return user;
}

beforeEach(() => {
  calls.sendApplication.mockReset();
});

describe('applying as an SP', () => {
  it('preselects SP, names the missing fields under them and sends nothing', async () => {
    render(<ApplyPage search={{ role: 'sp' }} />);
    expect(screen.getByRole('heading', { name: 'Become a SP' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'SP' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Observer' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('The first name field is required.')).toBeTruthy();
    expect(calls.sendApplication).not.toHaveBeenCalled();
  });

  it('sends the fields with both files and shows the answer', async () => {
    calls.sendApplication.mockResolvedValue({ message: 'Thank you for applying! We sent a link to sam@apply.test.' });
    render(<ApplyPage search={{ role: 'sp' }} />);
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await vi.waitFor(() => expect(calls.sendApplication).toHaveBeenCalledTimes(1));
    const [body, files] = calls.sendApplication.mock.calls[0]!;
    expect(body).toMatchObject({
      partner_slug: 'sp',
      first_name: 'Sam',
      email: 'sam@apply.test',
      roles: ['standardized_patient'],
      timezone_id: 9,
      experience: 'Ten years on stage.',
    });
    expect(files.resume.name).toBe('resume.pdf');
    expect(files.headshot.name).toBe('me.png');
    expect(await screen.findByText(/Thank you for applying!/)).toBeTruthy();
  });

  it("puts the server's refusal of a file under that file's field", async () => {
    calls.sendApplication.mockRejectedValue(
      new ApiError(422, { message: APPLYING_MESSAGES.resumeType, errors: { resume: [APPLYING_MESSAGES.resumeType] } }),
    );
    render(<ApplyPage search={{ role: 'sp' }} />);
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await vi.waitFor(() => expect(errorUnder(/^Resume/)).toBe(APPLYING_MESSAGES.resumeType));
  });
});
