import { SESSION_COUNTER_MESSAGES as M, type SessionCounterPartner } from '@simvisit/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionCounterCard } from '../src/features/session-counter';

const state = vi.hoisted(() => ({ partners: [] as unknown[], isError: false }));
vi.mock('../src/features/session-counter/session-counter-api', () => ({
  useSessionCounter: () => ({ data: { partners: state.partners }, isPending: false, isError: state.isError }),
}));

const row = (id: number, used: number, seats: number, extra: Partial<SessionCounterPartner> = {}): SessionCounterPartner => ({
  id,
  long_name: `Partner ${id}`,
  short_name: `P${id}`,
  slug: `p${id}`,
  usage: Math.floor((used * 100) / seats),
  used_seats: used,
  held_seats: 0,
  seats,
  client_admins: [],
  history: [],
  ...extra,
});
const admins = [
  { first_name: 'Casey', last_name: 'Admin', email: 'casey@lakeside.test' },
  { first_name: 'Drew', last_name: 'Dean', email: 'drew@lakeside.test' },
];

const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
beforeEach(() => {
  state.partners = [];
  state.isError = false;
});
afterEach(() => {
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
  else Reflect.deleteProperty(navigator, 'clipboard');
});
const setClipboard = (value: unknown) => Object.defineProperty(navigator, 'clipboard', { value, configurable: true });

describe('the session counter card', () => {
  it('shows each partner with a real progress bar, red with a text cue at 80% or more', () => {
    state.partners = [row(1, 8, 10, { client_admins: admins }), row(2, 79, 100)];
    render(<SessionCounterCard clientAdmin={false} />);
    const [full, below] = screen.getAllByRole('progressbar');
    expect(screen.getByRole('progressbar', { name: 'Partner 1' })).toBe(full);
    expect(full!.getAttribute('aria-valuenow')).toBe('80');
    expect(full!.getAttribute('aria-valuetext')).toBe('80%, 8 of 10 seats used, near capacity');
    expect(full!.firstElementChild!.className).toContain('bg-red-600');
    expect(below!.getAttribute('aria-valuenow')).toBe('79');
    expect(below!.firstElementChild!.className).not.toContain('bg-red-600');
    expect(screen.getByText('8 / 10 seats', { exact: false })).toBeTruthy();
    expect(screen.getAllByText(M.atWarning)).toHaveLength(1);
    // The mail button: on the row at the warning only.
    expect(screen.getAllByRole('button', { name: /Email the client administrators/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Email the client administrators of Partner 1' })).toBeTruthy();
  });

  it('shows five a page and a pager only above five', async () => {
    state.partners = Array.from({ length: 5 }, (_, i) => row(i + 1, 1, 10));
    const { unmount } = render(<SessionCounterCard clientAdmin={false} />);
    expect(screen.queryByRole('navigation', { name: 'Session counter pages' })).toBeNull();
    unmount();
    state.partners = Array.from({ length: 6 }, (_, i) => row(i + 1, 1, 10));
    render(<SessionCounterCard clientAdmin={false} />);
    expect(screen.getAllByRole('progressbar')).toHaveLength(5);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByText('Partner 6')).toBeTruthy();
  });

  it('gives client admins no mail button', () => {
    state.partners = [row(1, 9, 10)];
    render(<SessionCounterCard clientAdmin />);
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Email the client administrators/ })).toBeNull();
  });

  it('says so when there are no rows, and stays out of the way when the load failed', () => {
    const { unmount } = render(<SessionCounterCard clientAdmin={false} />);
    expect(screen.getByText(M.noPartners)).toBeTruthy();
    unmount();
    state.isError = true;
    const { container } = render(<SessionCounterCard clientAdmin={false} />);
    expect(container.textContent).toBe('');
  });
});

describe('the mail modal', () => {
  it('lists the client administrators and copies their addresses separated by semicolons', async () => {
    state.partners = [row(1, 8, 10, { client_admins: admins })];
    render(<SessionCounterCard clientAdmin={false} />);
    const user = userEvent.setup();
    // After setup: user-event puts a clipboard stub of its own on navigator.
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await user.click(screen.getByRole('button', { name: 'Email the client administrators of Partner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Partner 1 Client Administrators' });
    expect(within(dialog).getByText('Casey Admin')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'drew@lakeside.test' }).getAttribute('href')).toBe('mailto:drew@lakeside.test');
    await user.click(within(dialog).getByRole('button', { name: M.copyEmails }));
    expect(writeText).toHaveBeenCalledWith('casey@lakeside.test;drew@lakeside.test');
    expect(within(dialog).getByRole('status').textContent).toBe(M.copied);
  });

  it('shows the addresses to copy by hand when the clipboard is not available', async () => {
    state.partners = [row(1, 8, 10, { client_admins: admins })];
    render(<SessionCounterCard clientAdmin={false} />);
    const user = userEvent.setup();
    setClipboard(undefined);
    await user.click(screen.getByRole('button', { name: 'Email the client administrators of Partner 1' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: M.copyEmails }));
    expect(within(dialog).getByRole('status').textContent).toBe(M.copyUnavailable);
    expect((within(dialog).getByLabelText('Email addresses') as HTMLTextAreaElement).value).toBe('casey@lakeside.test;drew@lakeside.test');
  });

  it('says when a partner has no client administrators', async () => {
    state.partners = [row(1, 9, 10)];
    render(<SessionCounterCard clientAdmin={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Email the client administrators of Partner 1' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('No client administrators associated to Partner 1.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: M.copyEmails })).toBeNull();
  });

  it('draws usage over time for the partners of the page, with the same figures as a table (issue 20 item 6)', async () => {
    const reading = (day: string, used: number) => ({ day, usage: used * 10, used_seats: used, held_seats: 0, seats: 10 });
    state.partners = [
      row(1, 8, 10, { history: [reading('2026-11-26', 6), reading('2026-11-27', 8)] }),
      row(2, 5, 10, { history: [reading('2026-11-27', 5)] }),
    ];
    render(<SessionCounterCard clientAdmin={false} />);
    const figure = screen.getByRole('figure', { name: 'Usage over time' });
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(within(figure).getByRole('button', { name: 'Show as table' }));
    const table = within(figure).getByRole('table', { name: 'Seat usage by day, in percent of seats' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['Day', 'P1', 'P2'],
      ['Nov 26', '60%', '—'],
      ['Nov 27', '80%', '50%'],
    ]);
  });

  it('shows no chart before any day was read', () => {
    state.partners = [row(1, 8, 10)];
    render(<SessionCounterCard clientAdmin={false} />);
    expect(screen.queryByRole('figure', { name: 'Usage over time' })).toBeNull();
  });
});
