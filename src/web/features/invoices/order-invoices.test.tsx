import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InvoiceSummary, OrderInvoices as Answer } from '../../../contracts/invoices';
import { server } from '../../test/msw';
import { OrderInvoices } from './order-invoices';

const ORDER = '11111111-1111-4111-8111-111111111111';

const invoice = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'invoice',
  number: 'INV-2026-00001',
  orderId: ORDER,
  refersToNumber: null,
  cancelled: false,
  currency: 'USD',
  netCents: 4000,
  taxCents: 0,
  grossCents: 4000,
  issuedAt: '2026-12-03T10:00:00.000Z',
  pdfUrl: '/api/invoices/22222222-2222-4222-8222-222222222222/pdf',
  ...over,
});

function renderFor(answer: Answer, afterRequest?: Answer) {
  server.use(
    http.get(`/api/orders/${ORDER}/invoices`, () => HttpResponse.json(answer)),
    http.post(`/api/orders/${ORDER}/invoices`, () => HttpResponse.json(afterRequest ?? answer)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderInvoices orderId={ORDER} />
    </QueryClientProvider>,
  );
}

describe('OrderInvoices', () => {
  it('lists the invoice and credit note with their PDFs', async () => {
    renderFor({
      invoices: [
        invoice({ cancelled: true }),
        invoice({
          id: '33333333-3333-4333-8333-333333333333',
          kind: 'credit_note',
          number: 'INV-2026-00002',
          grossCents: -4000,
          pdfUrl: '/api/invoices/33333333-3333-4333-8333-333333333333/pdf',
        }),
      ],
      canRequest: false,
    });
    const download = await screen.findByRole('link', { name: 'Download invoice INV-2026-00001' });
    expect(download.getAttribute('href')).toBe(invoice().pdfUrl);
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download credit note INV-2026-00002' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request invoice' })).toBeNull();
  });

  it('lets the buyer ask for the invoice when the organizer issues on request', async () => {
    renderFor({ invoices: [], canRequest: true }, { invoices: [invoice()], canRequest: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Request invoice' }));
    expect(
      await screen.findByRole('link', { name: 'Download invoice INV-2026-00001' }),
    ).toBeTruthy();
  });

  it('shows nothing while the order has no invoice to offer', async () => {
    const { container } = renderFor({ invoices: [], canRequest: false });
    await expect.poll(() => screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('section')).toBeNull();
  });
});
