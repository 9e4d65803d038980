import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SmsOptInPanel } from '../src/features/mobile-verification/SmsOptInPanel';
import { NEEDS_CONNECTION } from '../src/lib/use-online';

const calls = vi.hoisted(() => ({ smsOptIn: vi.fn(), applyUser: vi.fn() }));
vi.mock('../src/features/mobile-verification/mobile-verification-api', () => ({ smsOptIn: calls.smsOptIn }));
vi.mock('../src/platform/session', () => ({ useSessionUpdater: () => ({ applyUser: calls.applyUser }) }));
vi.mock('../src/platform/notices', () => ({ notifyFailure: vi.fn(), notifySuccess: vi.fn() }));

let online = true;
Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });
afterEach(() => {
  online = true;
});

describe('SmsOptInPanel offline (issue 22 item 4)', () => {
  it('says opting in needs a connection and sends nothing until the network is back', async () => {
    online = false;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
        <SmsOptInPanel initialNumber="+12025550143" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(NEEDS_CONNECTION.smsOptIn)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox'));
    const optIn = screen.getByRole('button', { name: 'Opt-in' });
    expect((optIn as HTMLButtonElement).disabled).toBe(true);
    await user.click(optIn);
    expect(calls.smsOptIn).not.toHaveBeenCalled();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(NEEDS_CONNECTION.smsOptIn)).toBeNull();
    expect((screen.getByRole('button', { name: 'Opt-in' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
