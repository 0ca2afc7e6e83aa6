import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw';
import { EventBillingSettingsSection } from './billing-settings-section';

const EVENT = '11111111-1111-4111-8111-111111111111';

function renderSection() {
  const saved: unknown[] = [];
  server.use(
    http.get(`/api/events/${EVENT}/billing-settings`, () =>
      HttpResponse.json({
        billingDetailsRequired: false,
        reverseChargeEnabled: false,
        sellerCountry: null,
      }),
    ),
    http.put(`/api/events/${EVENT}/billing-settings`, async ({ request }) => {
      const body = (await request.json()) as { sellerCountry: string | null };
      saved.push(body);
      if (!body.sellerCountry)
        return HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please choose the country you are registered for VAT in',
              details: {
                fields: [
                  {
                    field: 'body.sellerCountry',
                    message: 'Please choose the country you are registered for VAT in',
                  },
                ],
              },
            },
          },
          { status: 400 },
        );
      return HttpResponse.json(body);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EventBillingSettingsSection eventId={EVENT} />
    </QueryClientProvider>,
  );
  return saved;
}

describe('EventBillingSettingsSection', () => {
  it('saves reverse charge with the seller country, naming a missing country under its field', async () => {
    const saved = renderSection();
    fireEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Reverse charge for EU businesses with a VAT ID from another member state',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save billing settings' }));
    expect(
      await screen.findByText('Please choose the country you are registered for VAT in'),
    ).toBeTruthy();
    const country = screen.getByLabelText('Country you are registered for VAT in');
    expect(country.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(country, { target: { value: 'DE' } });
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Ask every buyer for company billing details' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await expect.poll(() => saved.length).toBe(2);
    expect(saved[1]).toEqual({
      billingDetailsRequired: true,
      reverseChargeEnabled: true,
      sellerCountry: 'DE',
    });
    await expect
      .poll(() => screen.queryByText('Please choose the country you are registered for VAT in'))
      .toBeNull();
  });
});
