import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuoteTaxRows } from './tax-lines-view';

const line = (
  ticketTypeId: string,
  taxName: string | null,
  rateThousandths: number,
  tax: number,
) => ({
  ticketTypeId,
  net: 1000,
  tax,
  gross: 1000 + tax,
  taxName,
  rateThousandths,
});

describe('the cart tax rows', () => {
  it('shows one row per rate, saying the tax is included in tax-inclusive prices', () => {
    render(
      <dl>
        <QuoteTaxRows
          currency="EUR"
          tax={{
            pricesIncludeTax: true,
            lines: [
              line('00000000-0000-4000-8000-000000000001', 'VAT', 20000, 200),
              line('00000000-0000-4000-8000-000000000002', 'VAT', 20000, 100),
              line('00000000-0000-4000-8000-000000000003', 'Sales tax', 8875, 89),
              line('00000000-0000-4000-8000-000000000004', null, 0, 0),
            ],
            net: 4000,
            tax: 389,
            gross: 4389,
          }}
        />
      </dl>,
    );
    expect(screen.getByText('Includes VAT (20 %)')).toBeTruthy();
    expect(screen.getByText('Includes Sales tax (8.875 %)')).toBeTruthy();
    expect(screen.getAllByRole('term')).toHaveLength(2);
  });

  it('shows nothing for an untaxed cart', () => {
    const { container } = render(
      <dl>
        <QuoteTaxRows
          currency="EUR"
          tax={{ pricesIncludeTax: true, lines: [], net: 0, tax: 0, gross: 0 }}
        />
      </dl>,
    );
    expect(container.querySelector('dt')).toBeNull();
  });
});
