import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InvoiceBuyerSchema, type InvoiceSummary } from '../../../contracts/invoices';
import { answerApi, fieldRefusal, server } from '../../test/msw';
import { OrderInvoiceLink, OrderInvoices } from './order-invoices';
import { ReissueInvoiceDialog } from './reissue-dialog';

const ORDER = '11111111-1111-4111-8111-111111111111';
const FIRST = '22222222-2222-4222-8222-222222222222';

const invoice = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: FIRST,
  kind: 'invoice',
  number: 'INV-2026-00001',
  orderId: ORDER,
  refersToNumber: null,
  cancelled: false,
  currency: 'EUR',
  netCents: 10000,
  taxCents: 0,
  grossCents: 10000,
  issuedAt: '2026-12-03T10:00:00.000Z',
  pdfUrl: `/api/invoices/${FIRST}/pdf`,
  ...over,
});

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('invoice re-issue', () => {
  it('starts from the order’s company details and sends the corrected buyer', async () => {
    const sent: unknown[] = [];
    const replacement = invoice({
      id: '44444444-4444-4444-8444-444444444444',
      number: 'INV-2026-00003',
      pdfUrl: '/api/invoices/44444444-4444-4444-8444-444444444444/pdf',
    });
    server.use(
      http.get(`/api/orders/${ORDER}/invoices`, () =>
        HttpResponse.json({ invoices: [invoice()], canRequest: false }),
      ),
      http.get(`/api/orders/${ORDER}/billing-details`, () =>
        HttpResponse.json({
          billingDetails: {
            orderId: ORDER,
            companyName: 'Acme SARL',
            address: '1 rue de la Paix',
            postalCode: '75002',
            city: 'Paris',
            country: 'FR',
            vatId: 'FR40303265045',
            vatIdFormatValid: true,
            reverseCharge: true,
          },
        }),
      ),
      http.post(`/api/invoices/${FIRST}/reissue`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          invoices: [invoice({ cancelled: true }), replacement],
          canRequest: false,
        });
      }),
    );
    renderWith(
      <OrderInvoices orderId={ORDER} reissueFor={{ name: 'Ada', email: 'ada@example.com' }} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Re-issue invoice INV-2026-00001' }));
    const company = await screen.findByLabelText('Company (optional)');
    expect((company as HTMLInputElement).value).toBe('Acme SARL');
    expect((screen.getByLabelText('Address (optional)') as HTMLInputElement).value).toBe(
      '1 rue de la Paix, 75002 Paris, FR',
    );
    fireEvent.change(company, { target: { value: 'Acme France SARL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and re-issue' }));
    expect(
      await screen.findByRole('link', { name: 'Download invoice INV-2026-00003' }),
    ).toBeTruthy();
    expect(sent).toEqual([
      {
        buyer: {
          name: 'Ada',
          email: 'ada@example.com',
          company: 'Acme France SARL',
          address: '1 rue de la Paix, 75002 Paris, FR',
          vatId: 'FR40303265045',
        },
      },
    ]);
    // Only the replacement can be re-issued again.
    expect(screen.queryByRole('button', { name: 'Re-issue invoice INV-2026-00001' })).toBeNull();
  });

  it('offers no re-issue to the buyer', async () => {
    server.use(
      http.get(`/api/orders/${ORDER}/invoices`, () =>
        HttpResponse.json({ invoices: [invoice()], canRequest: false }),
      ),
    );
    renderWith(<OrderInvoices orderId={ORDER} />);
    expect(
      await screen.findByRole('link', { name: 'Download invoice INV-2026-00001' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Re-issue/ })).toBeNull();
  });

  it('links the ticket page to the current invoice only', async () => {
    server.use(
      http.get(`/api/orders/${ORDER}/invoices`, () =>
        HttpResponse.json({
          invoices: [
            invoice({ cancelled: true }),
            invoice({ id: '55555555-5555-4555-8555-555555555555', number: 'INV-2026-00004' }),
          ],
          canRequest: false,
        }),
      ),
    );
    renderWith(<OrderInvoiceLink orderId={ORDER} />);
    const link = await screen.findByRole('link', { name: 'Invoice INV-2026-00004' });
    expect(link.getAttribute('href')).toBe(`/api/invoices/${FIRST}/pdf`);
  });
});

// The form itself: the contract's check before any request (focus on the first bad field), the
// server's refusal of `buyer.email` on Email, and the body as typed (trimmed, blanks as null).
describe('the re-issue form', () => {
  const renderDialog = () =>
    renderWith(
      <ReissueInvoiceDialog
        invoice={invoice()}
        buyer={{ name: 'Ada', email: 'ada@example.com', company: null, address: null, vatId: null }}
        onOpenChange={() => undefined}
      />,
    );

  it('refuses an empty name on its field and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderDialog();
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and re-issue' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    // The schema's own message for an empty name, as the server would answer it.
    const said = InvoiceBuyerSchema.safeParse({ name: '' }).error?.issues[0]?.message ?? '?';
    expect(screen.getByText(said)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field and sends the buyer as typed", async () => {
    const calls = answerApi(() => fieldRefusal('body.buyer.email', 'Not an email'));
    renderDialog();
    fireEvent.change(screen.getByLabelText('Company (optional)'), { target: { value: ' Acme ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and re-issue' }));
    expect(await screen.findByText('Not an email')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/api/invoices/${FIRST}/reissue`,
        body: {
          buyer: {
            name: 'Ada',
            email: 'ada@example.com',
            company: 'Acme',
            address: null,
            vatId: null,
          },
        },
      },
    ]);
  });
});
