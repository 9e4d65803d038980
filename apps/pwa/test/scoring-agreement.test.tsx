import { SCORING_AGREEMENT_MESSAGES as M, type ScoringAgreementResponse, scoringAgreementApi } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultRange, ScoringAgreementPage } from '../src/features/scoring-agreement/ScoringAgreementPage';
import { questionColumns } from '../src/features/scoring-agreement/scoring-columns';

const calls = vi.hoisted(() => ({ apiCall: vi.fn(), downloadXlsx: vi.fn() }));
// The real hooks run over a stand-in apiCall that answers as the contract (api/scoring-agreement.ts) says.
vi.mock('../src/lib/api', async (original) => ({ ...(await original<typeof import('../src/lib/api')>()), apiCall: calls.apiCall }));
vi.mock('@simvisit/ui', async (original) => ({ ...(await original<typeof import('@simvisit/ui')>()), downloadXlsx: calls.downloadXlsx }));
vi.mock('../src/lib/use-document-title', () => ({ useDocumentTitle: () => undefined }));

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
});

const withQueries = (ui: ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
const callsTo = (contract: unknown) => calls.apiCall.mock.calls.filter(([c]) => c === contract);
const NOW = new Date('2026-11-28T12:00:00Z');

const figure = (value: number | null, visits: number) => ({ value, visits, flagged: visits < 10 });
const answer: ScoringAgreementResponse = {
  scenario: { id: '7', title: 'Acute low back pain' },
  from: '2025-01-01',
  to: '2025-06-30',
  min_visits: 10,
  drift_threshold: 1,
  visits: 24,
  questions: [
    {
      question_id: 1,
      question: 'Introduced themselves',
      question_type_id: 2,
      scale: 'categorical',
      pairs: 20,
      visits: 20,
      percent_agreement: figure(0.75, 20),
      kappa: figure(0.22 / 0.47, 20),
      ac1: figure(0.5294, 20),
      weighted_kappa: null,
    },
    {
      question_id: 2,
      question: 'Clarity',
      question_type_id: 4,
      scale: 'likert',
      pairs: 12,
      visits: 4,
      percent_agreement: figure(1 / 3, 4),
      kappa: null,
      ac1: null,
      weighted_kappa: figure(null, 4),
    },
  ],
  icc: figure(0.8312, 24),
  scorers: [
    {
      user_id: 9,
      name: 'Dana Drift',
      drifting: true,
      points: [{ month: '2025-05', drift: 1.5, visits: 4, flagged: true, drifting: true }],
    },
    {
      user_id: 3,
      name: 'Pat Patient',
      drifting: false,
      points: [{ month: '2025-05', drift: -0.75, visits: 4, flagged: true, drifting: false }],
    },
  ],
};

function answerAll(report: ScoringAgreementResponse = answer) {
  calls.apiCall.mockImplementation((contract: unknown) =>
    Promise.resolve(contract === scoringAgreementApi.scenarios ? { scenarios: [{ id: '7', title: 'Acute low back pain' }] } : report),
  );
}

describe('Scoring Agreement page', () => {
  it('asks for a scenario first, then puts the checked choices in the address', async () => {
    answerAll();
    const onSearchChange = vi.fn();
    render(withQueries(<ScoringAgreementPage search={{}} onSearchChange={onSearchChange} now={NOW} />));
    expect(screen.getByText('Choose a scenario and a period, then Update.')).toBeTruthy();
    expect(callsTo(scoringAgreementApi.report)).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText(M.scenarioRequired)).toBeTruthy();
    expect(onSearchChange).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/Scenario/), await screen.findByRole('option', { name: 'Acute low back pain' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(onSearchChange).toHaveBeenCalledWith({ scenario_id: '7', ...defaultRange(NOW) });
    expect(defaultRange(NOW)).toEqual({ from: '2025-11-29', to: '2026-11-28' });
  });

  it('refuses an end date before the start date with the words under To', async () => {
    answerAll();
    const onSearchChange = vi.fn();
    render(
      withQueries(
        <ScoringAgreementPage
          search={{ scenario_id: '7', from: '2025-03-01', to: '2025-04-01' }}
          onSearchChange={onSearchChange}
          now={NOW}
        />,
      ),
    );
    const user = userEvent.setup();
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText(M.rangeOrder)).toBeTruthy();
    expect(onSearchChange).not.toHaveBeenCalled();
  });

  it('shows each figure with a too-few mark in words, the ICC and the scorers flagged for drift', async () => {
    answerAll();
    render(
      withQueries(
        <ScoringAgreementPage search={{ scenario_id: '7', from: '2025-01-01', to: '2025-06-30' }} onSearchChange={vi.fn()} now={NOW} />,
      ),
    );
    const table = await screen.findByRole('table', { name: 'Agreement by question' });
    expect(callsTo(scoringAgreementApi.report)[0]?.[1]).toEqual({ query: { scenario_id: 7, from: '2025-01-01', to: '2025-06-30' } });
    const [tf, clarity] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(tf!.textContent).toContain('75%');
    expect(tf!.textContent).toContain('0.47');
    expect(tf!.textContent).toContain('0.53');
    expect(tf!.textContent).not.toContain('Too few visits');
    expect(clarity!.textContent).toContain('33.3%');
    expect(clarity!.textContent).toContain('Not computable');
    expect(within(clarity!).getAllByText(M.tooFew(4)).length).toBeGreaterThan(0);
    expect(screen.getByText(/ICC\(1,1\)/).textContent).toContain('(24 visits)');
    expect(screen.getByText('0.83')).toBeTruthy();

    const drift = screen.getByRole('table', { name: 'Scorer drift by month' });
    const dana = within(drift).getByText('Dana Drift').closest('tr') as HTMLElement;
    expect(dana.textContent).toContain('+1.50');
    expect(within(dana).getByText(M.drifting)).toBeTruthy();
    const pat = within(drift).getByText('Pat Patient').closest('tr') as HTMLElement;
    expect(pat.textContent).toContain('-0.75');
    expect(within(pat).queryByText(M.drifting)).toBeNull();
  });

  it('exports the question table as the screen declares it', async () => {
    answerAll();
    render(
      withQueries(
        <ScoringAgreementPage search={{ scenario_id: '7', from: '2025-01-01', to: '2025-06-30' }} onSearchChange={vi.fn()} now={NOW} />,
      ),
    );
    await screen.findByRole('table', { name: 'Agreement by question' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export agreement (xlsx)' }));
    expect(calls.downloadXlsx).toHaveBeenCalledWith('scoring_agreement_7_2025-01-01_2025-06-30.xlsx', questionColumns, answer.questions, {
      sheetName: 'Agreement',
    });
  });

  it('says so when the period has no scored visits', async () => {
    answerAll({ ...answer, visits: 0, questions: [], scorers: [], icc: figure(null, 0) });
    render(
      withQueries(
        <ScoringAgreementPage search={{ scenario_id: '7', from: '2024-01-01', to: '2024-12-31' }} onSearchChange={vi.fn()} now={NOW} />,
      ),
    );
    expect((await screen.findAllByText(M.noData)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Export agreement (xlsx)' })).toBeNull();
  });
});
