import { TIME_ZONE_MESSAGES, timeZoneApi } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../src/platform/session';
import { TimeZoneNotice } from '../src/platform/session/time-zone';

/* The profile's zone set from the device when unset, and the once-said notice when the phone is elsewhere (decision 0086). */
const mocks = vi.hoisted(() => ({
  apiCall: vi.fn(),
  applyUser: vi.fn(),
  device: 'America/Chicago',
  zones: { 1: 'America/New_York', 2: 'America/Chicago' } as Record<number, string>,
}));
vi.mock('@simvisit/schema', async (original) => ({
  ...(await original<typeof import('@simvisit/schema')>()),
  deviceTimeZone: () => mocks.device,
}));
vi.mock('../src/lib/api', async (original) => ({ ...(await original<typeof import('../src/lib/api')>()), apiCall: mocks.apiCall }));
vi.mock('../src/lib/lookups', () => ({ useUserTimeZone: (id: number | null) => (id === null ? null : (mocks.zones[id] ?? null)) }));
vi.mock('../src/platform/session/session-updater', () => ({ useSessionUpdater: () => ({ applyUser: mocks.applyUser }) }));

const sessionOf = (timezoneId: number | null, userId = 7) => ({ user: { id: userId, timezone_id: timezoneId } }) as unknown as Session;

function show(session: Session) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <TimeZoneNotice session={session} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  mocks.apiCall.mockReset();
  mocks.applyUser.mockReset();
  mocks.device = 'America/Chicago';
});

describe('TimeZoneNotice', () => {
  it('sets an unset profile zone from the device, once, and shows no notice', async () => {
    mocks.apiCall.mockResolvedValue({ user: { id: 7, timezone_id: 2 } });
    const { rerender } = show(sessionOf(null));
    await waitFor(() => expect(mocks.applyUser).toHaveBeenCalledWith({ id: 7, timezone_id: 2 }));
    expect(mocks.apiCall).toHaveBeenCalledTimes(1);
    expect(mocks.apiCall).toHaveBeenCalledWith(timeZoneApi.set, { body: { timezone: 'America/Chicago' } });
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <TimeZoneNotice session={sessionOf(null)} />
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('time-zone-notice')).toBeNull();
  });

  it('says nothing when the device is in the profile’s zone', () => {
    mocks.device = 'America/New_York';
    show(sessionOf(1));
    expect(screen.queryByTestId('time-zone-notice')).toBeNull();
    expect(mocks.apiCall).not.toHaveBeenCalled();
  });

  it('says once that the phone is elsewhere; kept, it stays away until the zones change', async () => {
    const first = show(sessionOf(1));
    expect(screen.getByTestId('time-zone-notice').textContent).toContain(
      TIME_ZONE_MESSAGES.mismatch('America/Chicago', 'America/New_York'),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: TIME_ZONE_MESSAGES.keep }));
    expect(screen.queryByTestId('time-zone-notice')).toBeNull();
    expect(mocks.apiCall).not.toHaveBeenCalled();
    first.unmount();

    show(sessionOf(1));
    expect(screen.queryByTestId('time-zone-notice')).toBeNull();
  });

  it('asks again on another trip, and switching sets the profile to the device’s zone', async () => {
    // The Chicago trip was answered before; London is a new one.
    localStorage.setItem('simvisit:user:7:time-zone-notice', JSON.stringify({ device: 'America/Chicago', profile: 'America/New_York' }));
    mocks.device = 'Europe/London';
    mocks.apiCall.mockResolvedValue({ user: { id: 7, timezone_id: 3 } });
    show(sessionOf(1));
    await userEvent.setup().click(screen.getByRole('button', { name: TIME_ZONE_MESSAGES.switchTo('Europe/London') }));
    await waitFor(() => expect(mocks.applyUser).toHaveBeenCalledWith({ id: 7, timezone_id: 3 }));
    expect(mocks.apiCall).toHaveBeenCalledWith(timeZoneApi.set, { body: { timezone: 'Europe/London' } });
    expect(screen.queryByTestId('time-zone-notice')).toBeNull();
  });
});
