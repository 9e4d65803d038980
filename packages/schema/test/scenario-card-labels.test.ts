import { describe, expect, it } from 'vitest';
import { SCENARIO_FREE, scenarioPriceLabel, sessionLengthLabel } from '../src/scenario-views';

describe('scenario card labels', () => {
  it('shows the fee in dollars, and Free when there is none', () => {
    expect(scenarioPriceLabel(45)).toBe('$45.00');
    expect(scenarioPriceLabel(19.99)).toBe('$19.99');
    expect(scenarioPriceLabel(0)).toBe(SCENARIO_FREE);
    expect(scenarioPriceLabel(null)).toBe('Free');
  });
  it('shows the length in minutes, or nothing when the scenario does not say', () => {
    expect(sessionLengthLabel(30)).toBe('30 min');
    expect(sessionLengthLabel(60)).toBe('60 min');
    expect(sessionLengthLabel(null)).toBeNull();
    expect(sessionLengthLabel(undefined)).toBeNull();
  });
});
