import { addDays, PARTNER_CAPACITY_MESSAGES as M, todayIn } from '@simvisit/schema';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DatesPage } from '../src/features/partner-capacity/DatesPage';
import { SeatsPage } from '../src/features/partner-capacity/SeatsPage';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({
  updateSeats: vi.fn(),
  datesCall: vi.fn(),
  notify: vi.fn(),
  notifyFailure: vi.fn(),
  notifySuccess: vi.fn(),
}));
const partner = { id: 7, long_name: 'Lakeside Health', short_name: 'Lakeside', slug: 'lakeside' };
vi.mock('../src/features/partner-capacity/partner-capacity-api', () => ({
  usePartnerSeats: () => ({ data: [{ ...partner, seats: 40, used_seats: 12, held_seats: 0 }], isPending: false, isError: false }),
  useUpdateSeats: () => ({ mutate: calls.updateSeats, mutateAsync: calls.updateSeats, isPending: false }),
  usePartnerDates: () => ({
    data: { partners: [{ ...partner, dates: { start_date: null, end_date: null }, disabled_dates: { start_date: null, end_date: null } }] },
    isPending: false,
    isError: false,
  }),
  useDatesCall: () => ({ mutate: calls.datesCall, mutateAsync: calls.datesCall, isPending: false }),
}));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));
vi.mock('../src/platform/notices', () => ({
  notify: calls.notify,
  notifyFailure: calls.notifyFailure,
  notifySuccess: calls.notifySuccess,
  describeAdminCallFailure: () => ({ title: '', fields: [], text: '' }),
}));

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

describe('Seat Management', () => {
  it('refuses a lower total without a call and sends a higher one', async () => {
    calls.updateSeats.mockResolvedValue({ message: 'Lakeside Health: Seats Successfully Updated' });
    render(<SeatsPage />);
    const user = userEvent.setup();
    const total = screen.getByLabelText('Seat Total for Lakeside Health');
    await user.clear(total);
    await user.type(total, '39');
    await user.click(screen.getByRole('button', { name: 'Save Seats for Lakeside Health' }));
    expect(calls.notify).toHaveBeenCalledWith(expect.objectContaining({ title: M.seatsFailed, content: M.seatsReduce }));
    expect(calls.updateSeats).not.toHaveBeenCalled();

    await user.clear(total);
    await user.type(total, '0');
    await user.click(screen.getByRole('button', { name: 'Save Seats for Lakeside Health' }));
    expect(screen.getByText(M.seatsInteger)).toBeTruthy();

    await user.clear(total);
    await user.type(total, '45');
    await user.click(screen.getByRole('button', { name: 'Save Seats for Lakeside Health' }));
    expect(calls.updateSeats).toHaveBeenCalledWith({ id: 7, seats: 45 });
    expect(calls.notifySuccess).toHaveBeenCalledWith('Lakeside Health: Seats Successfully Updated');
  });
});

describe('Seat Management: one form per row', () => {
  it("puts the server's 422 under that row's Seat Total and reports it with the spec's title", async () => {
    calls.updateSeats.mockRejectedValue(new ApiError(422, { message: M.seatsTooMany, errors: { seats: [M.seatsTooMany] } }));
    render(<SeatsPage />);
    const user = userEvent.setup();
    const total = screen.getByLabelText('Seat Total for Lakeside Health');
    await user.clear(total);
    await user.type(total, '50');
    await user.click(screen.getByRole('button', { name: 'Save Seats for Lakeside Health' }));
    expect(calls.updateSeats).toHaveBeenCalledWith({ id: 7, seats: 50 });
    const describedBy = total.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(M.seatsTooMany);
    expect(total.getAttribute('aria-invalid')).toBe('true');
    expect(calls.notifyFailure).toHaveBeenCalledWith(M.seatsFailed, expect.any(ApiError));
  });
});

describe('Scheduling Dates', () => {
  it('says which date is missing with the spec’s words and sends a full range as YYYY-MM-DD', async () => {
    calls.datesCall.mockResolvedValue({ message: M.datesSaved });
    render(<DatesPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set dates for Lakeside Health' }));
    const start = addDays(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone), 3);
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: start } });
    await user.click(screen.getByRole('button', { name: 'Save Dates' }));
    expect(calls.notify).toHaveBeenCalledWith(expect.objectContaining({ title: M.missingDates, content: M.endRequired }));
    expect(calls.datesCall).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save Disabled Dates' }));
    expect(calls.notify).toHaveBeenLastCalledWith(expect.objectContaining({ title: M.missingDates, content: M.bothRequired }));

    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: addDays(start, 5) } });
    await user.click(screen.getByRole('button', { name: 'Save Dates' }));
    expect(calls.datesCall).toHaveBeenCalledWith({ kind: 'save', partner_id: 7, start, end: addDays(start, 5) });
  });
});
