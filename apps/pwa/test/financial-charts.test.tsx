import type { ChartMonth } from '@simvisit/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EarningsChart } from '../src/features/financial';
import { chartPoints, monthLabel } from '../src/features/financial/charts/chart-points';

const months: ChartMonth[] = [
  { year: 2025, month: 12, hours: 1.5, total: '37.50' },
  { year: 2026, month: 1, hours: 0, total: '0.00' },
  { year: 2026, month: 2, hours: 12.25, total: '1234.56' },
];

describe('the earnings chart (issue 20 item 6)', () => {
  it('names the months in words and keeps the amounts exact', () => {
    expect(monthLabel(2026, 1)).toBe('Jan 2026');
    expect(chartPoints(months).map((p) => [p.label, p.hours, p.earnings, p.earningsText])).toEqual([
      ['Dec 2025', 1.5, 37.5, '$37.50'],
      ['Jan 2026', 0, 0, '$0.00'],
      ['Feb 2026', 12.25, 1234.56, '$1,234.56'],
    ]);
  });

  it('offers the same figures as a table with a caption, shown by its toggle', async () => {
    render(<EarningsChart months={months} title="My earnings" />);
    const figure = screen.getByRole('figure', { name: 'My earnings' });
    const toggle = within(figure).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'My earnings: hours and earnings by month' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Dec 2025', '1.5', '$37.50'],
      ['Jan 2026', '0', '$0.00'],
      ['Feb 2026', '12.25', '$1,234.56'],
    ]);
    expect(within(figure).getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    // The toggle is for the screen; a printed page keeps the chart and drops the button.
    expect(toggle.className).toContain('print:hidden');
  });

  it('draws the plot with recharts once its chunk loads, named for assistive technology', async () => {
    render(<EarningsChart months={months} title="My earnings" />);
    const plot = await screen.findByRole('img', { name: /My earnings: hours and earnings by month, Dec 2025 to Feb 2026/ });
    expect(plot.getAttribute('class')).toContain('recharts-surface');
  });
});
