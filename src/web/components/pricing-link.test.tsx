import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withPricingLink } from './pricing-link';

describe('a plan gate’s refusal', () => {
  it('links its closing "See /pricing." to the pricing page, keeping the words', () => {
    render(
      <MemoryRouter>
        <p>
          {withPricingLink(
            'Your plan allows up to 250 attendees per event. The Starter plan allows 500. See /pricing.',
          )}
        </p>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'plans and pricing' });
    expect(link.getAttribute('href')).toBe('/pricing');
    expect(link.closest('p')?.textContent).toBe(
      'Your plan allows up to 250 attendees per event. The Starter plan allows 500. See plans and pricing.',
    );
  });

  it('leaves other messages alone', () => {
    expect(withPricingLink('The event could not be saved.')).toBe('The event could not be saved.');
    expect(withPricingLink(undefined)).toBeUndefined();
  });
});
