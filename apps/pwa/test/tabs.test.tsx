import { Tabs } from '@simvisit/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const items = [
  { value: 'Pending', label: 'Pending', content: <p>Pending list</p> },
  { value: 'Awaiting Review', label: 'Awaiting Review', content: <p>Review list</p> },
  { value: 'Completed', label: 'Completed', content: <p>Completed list</p> },
];

describe('Tabs (packages/ui, without Radix since decision 0085)', () => {
  it('has one tab stop, links each tab to its panel, and holds only the selected panel’s content', () => {
    render(<Tabs label="Learner visits" items={items} />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'Learner visits' })).toBeTruthy();
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    // A value with a space still makes one id.
    expect(tabs[1]!.getAttribute('aria-controls')).not.toContain(' ');
    expect(screen.getByText('Pending list')).toBeTruthy();
    expect(screen.queryByText('Review list')).toBeNull();
  });

  it('moves with the arrow keys, Home and End, selecting the tab reached, and selects on a press', async () => {
    const onValueChange = vi.fn();
    render(<Tabs label="Learner visits" items={items} onValueChange={onValueChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pending' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Awaiting Review' }));
    expect(screen.getByText('Review list')).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Completed', selected: true })).toBeTruthy();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Pending', selected: true })).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getByText('Completed list')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(screen.getByText('Pending list')).toBeTruthy();
    expect(onValueChange.mock.calls.map(([v]) => v)).toEqual([
      'Awaiting Review',
      'Pending',
      'Completed',
      'Pending',
      'Completed',
      'Pending',
    ]);
  });

  it('follows a controlled value', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<Tabs label="Scorecards" items={items} value="Completed" onValueChange={onValueChange} />);
    expect(screen.getByRole('tab', { name: 'Completed', selected: true })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Pending' }));
    expect(onValueChange).toHaveBeenCalledWith('Pending');
    // The owner has not changed its value: the tab stays.
    expect(screen.getByRole('tab', { name: 'Completed', selected: true })).toBeTruthy();
    rerender(<Tabs label="Scorecards" items={items} value="Pending" onValueChange={onValueChange} />);
    expect(screen.getByText('Pending list')).toBeTruthy();
  });
});
