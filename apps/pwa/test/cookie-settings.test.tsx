import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CookieSettingsDialog } from '../src/platform/shell/CookieSettingsDialog';

/* Cookie Settings stays true to what is loaded (issue 22 item 5, decision 0090): Stripe.js only with Stripe's keys. */

const config = vi.hoisted(() => ({ stripe_payments: false }));
vi.mock('../src/lib/app-config', () => ({ useAppConfig: () => ({ product_name: 'SimVisit', ...config }) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/privacy-policy#cookies">{children}</a>,
}));

describe('Cookie Settings', () => {
  it('says no third-party script is loaded when card payments run without Stripe', () => {
    config.stripe_payments = false;
    render(<CookieSettingsDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Cookie Settings' });
    expect(dialog.textContent).toContain('we do not load scripts from third parties');
    expect(dialog.textContent).not.toContain('Stripe');
  });

  it('names Stripe.js, and where it loads, when Stripe takes the cards', () => {
    config.stripe_payments = true;
    render(<CookieSettingsDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Cookie Settings' });
    expect(dialog.textContent).toContain(
      'The only script we load from a third party is Stripe.js (js.stripe.com), and only on the card payment form',
    );
    expect(dialog.textContent).not.toContain('we do not load scripts from third parties');
  });
});
