import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicPlatformTaxRates } from '../../../contracts/taxes';
import type { VendorOpportunity } from '../../../contracts/vendors';
import type { VendorProfile } from '../../../contracts/vendor-profile';
import { server } from '../../test/msw';
import { VendorApply } from './apply-form';

const EVENT_ID = '11111111-1111-4111-8111-111111111111';

const opportunity: VendorOpportunity = {
  eventId: EVENT_ID,
  title: 'Lisbon Fado Night',
  date: '2031-10-04',
  time: '20:00',
  startsAt: '2031-10-04T19:00:00.000Z',
  location: 'Lisbon',
  category: 'music',
  organizer: { id: '22222222-2222-4222-8222-222222222222', name: 'Ana Lima', avatarUrl: null },
  vendorFee: 45.5,
  vendorFeeCents: 4550,
  currency: 'EUR',
  categories: [],
  spots: null,
  approvedCount: 0,
  applyPath: `/vendors/apply?event=${EVENT_ID}`,
  myRequest: null,
};

const profile = {
  services: [],
  links: {},
  isComplete: true,
} as unknown as VendorProfile;

function rates(percent: string | null): PublicPlatformTaxRates {
  return {
    rates: percent
      ? [{ kind: 'vendor_fee', name: 'VAT', rateThousandths: Number(percent) * 1000, percent }]
      : [],
    items: [],
  };
}

async function showSummary(percent: string | null) {
  server.use(
    http.get(`/api/events/${EVENT_ID}/vendor-info`, () => HttpResponse.json(opportunity)),
    http.get('/api/vendor-profile', () => HttpResponse.json(profile)),
    http.get('/api/platform-tax-rates', () => HttpResponse.json(rates(percent))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/', element: <VendorApply eventId={EVENT_ID} eventName="Lisbon Fado Night" /> }],
    { initialEntries: ['/'] },
  );
  const { container } = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The event's summary (its region's name is in the page's language).
  await screen.findByRole('heading', { name: 'Lisbon Fado Night' });
  return container;
}

// The included tax is part of the amount, so it follows the amount, before what is said of
// the payment: one translated sentence with a place for it, in every language.
describe('the apply page’s vendor fee', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('says the tax right after the amount', async () => {
    const summary = await showSummary('20');
    expect(await screen.findByText('incl. 20 % VAT')).toBeTruthy();
    expect(summary.textContent).toContain('vendor fee €45.50 incl. 20 % VAT, paid after approval');
  });

  it('leaves no space before the comma when the fee carries no tax', async () => {
    const summary = await showSummary(null);
    await screen.findByText(/paid after approval/);
    expect(summary.textContent).toContain('vendor fee €45.50, paid after approval');
  });

  it('places the tax after the amount in German too', async () => {
    const { messages } = (await import('./locales/de.po')) as {
      messages: Record<string, string>;
    };
    i18n.loadAndActivate({ locale: 'de', messages });
    const summary = await showSummary('20');
    await screen.findByText(/20 % VAT/);
    expect(summary.textContent).toMatch(
      /Dienstleistergebühr 45,50\s€ .*20 % VAT, zahlbar nach Genehmigung/,
    );
  });
});
