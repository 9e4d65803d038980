import type { VisitAbilities, VisitResponse } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VisitActions } from '../src/features/visits/VisitActions';

const calls = vi.hoisted(() => ({ apiCall: vi.fn() }));
// The real recording query runs over a stand-in apiCall that answers as the contract says.
vi.mock('../src/lib/api', async (original) => ({ ...(await original<typeof import('../src/lib/api')>()), apiCall: calls.apiCall }));
vi.mock('../src/lib/app-link', () => ({ AppLink: ({ to, ...props }: { to: string }) => <a href={to} {...props} /> }));

const abilities = {
  can_cancel: false,
  can_confirm: false,
  can_reschedule: false,
  can_transfer: false,
  can_manage_observers: false,
  can_adjust: false,
  can_generate_reschedule_link: false,
  can_view_recording: true,
  join_role: null,
  can_close: false,
  can_share: false,
  can_share_zoom_message: false,
  scorecard_buttons: [],
} satisfies VisitAbilities;
const data = { visit: { id: 9, scenario_id: 3 } } as unknown as VisitResponse;

function renderActions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <VisitActions data={data} abilities={abilities} onView={() => undefined} onChanged={async () => undefined} />
    </QueryClientProvider>,
  );
}

describe('View Recording (issue 22 item 3: no link to a dead end)', () => {
  beforeEach(() => calls.apiCall.mockReset());

  it('offers the recording only when it exists', async () => {
    calls.apiCall.mockResolvedValue({ link: 'https://video.example.test/rec/9' });
    renderActions();
    const link = await screen.findByRole('link', { name: 'View Recording' });
    expect(link.getAttribute('href')).toBe('https://video.example.test/rec/9');
  });

  it("says when a recording not made yet will be ready, with no button that answers 'Link not generated'", async () => {
    calls.apiCall.mockResolvedValue({ link: null });
    renderActions();
    expect(await screen.findByText('Recording: ready after the video service has processed the visit.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Recording' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View Recording' })).toBeNull();
  });
});
