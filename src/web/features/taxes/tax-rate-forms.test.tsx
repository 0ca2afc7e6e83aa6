import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  PLATFORM_ITEM_MESSAGES,
  PLATFORM_TAX_MESSAGES,
  TAX_MESSAGES,
} from '../../../contracts/taxes';
import { answerApi, fieldRefusal } from '../../test/msw';
import { AdminPlatformTaxesPage } from './admin-platform-taxes-page';
import { RatesSection } from './event-tax-rates';
import { AssignSection } from './event-tax-settings-form';

// The two tax rate forms: the contract's texts on their fields before any request (focus on the
// first), the server's refusal on its field, and the body each sends.

const EVENT = '11111111-1111-4111-8111-111111111111';

function renderWith(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

const renderRates = () =>
  renderWith(
    <RatesSection
      eventId={EVENT}
      settings={{ pricesIncludeTax: true, rates: [], ticketTypes: [] } as never}
    />,
  );

const renderPlatform = () => renderWith(<AdminPlatformTaxesPage />);
const platformRates = { rates: [], items: [] };

describe("an organizer's tax rate form", () => {
  it('names the bad fields with the contract texts and focuses the first, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderRates();
    fireEvent.change(screen.getByLabelText('Percentage'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText(TAX_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(TAX_MESSAGES.percent)).toBeTruthy();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Percentage').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field and sends the body as typed", async () => {
    const calls = answerApi(() => fieldRefusal('body.country', TAX_MESSAGES.country));
    renderRates();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'VAT' } });
    fireEvent.change(screen.getByLabelText('Percentage'), { target: { value: '8.875' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText(TAX_MESSAGES.country)).toBeTruthy();
    const country = screen.getByLabelText('Country');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(country));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/tax-rates',
        body: { name: 'VAT', percent: '8.875', country: 'DE' },
      },
    ]);
  });

  it('adds a rate for any country with country null and empties the form', async () => {
    const calls = answerApi(({ method }) =>
      method === 'POST'
        ? HttpResponse.json({ id: EVENT, name: 'VAT', percent: '20', country: null })
        : HttpResponse.json({}),
    );
    renderRates();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'VAT' } });
    fireEvent.change(screen.getByLabelText('Percentage'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/tax-rates',
      body: { name: 'VAT', percent: '20', country: null },
    });
  });
});

describe("the admin's platform tax rate form", () => {
  it('refuses a missing kind with the contract text and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json(platformRates));
    renderPlatform();
    fireEvent.change(await screen.findByLabelText('Name on invoices'), {
      target: { value: 'VAT' },
    });
    fireEvent.change(screen.getByLabelText('Percentage'), { target: { value: '20.0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText(PLATFORM_TAX_MESSAGES.kind)).toBeTruthy();
    expect(screen.getByText(TAX_MESSAGES.percent)).toBeTruthy();
    const kind = screen.getByLabelText('Kind of charge');
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(kind));
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's refusal on its field and sends the trimmed rate to the kind's URL", async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET'
        ? HttpResponse.json(platformRates)
        : fieldRefusal('body.name', TAX_MESSAGES.name),
    );
    renderPlatform();
    fireEvent.change(await screen.findByLabelText('Kind of charge'), {
      target: { value: 'vendor_fee' },
    });
    fireEvent.change(screen.getByLabelText('Name on invoices'), { target: { value: ' VAT ' } });
    fireEvent.change(screen.getByLabelText('Percentage'), { target: { value: ' 8.875 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText(TAX_MESSAGES.name)).toBeTruthy();
    const name = screen.getByLabelText('Name on invoices');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/platform-tax-rates/vendor_fee',
        body: { name: 'VAT', percent: '8.875' },
      },
    ]);
  });
});

describe("the admin's rate for one item", () => {
  const PLAN = '22222222-2222-4222-8222-222222222222';
  const answer = (refusal?: Response) =>
    answerApi(({ method, url }) =>
      method === 'PUT' && refusal
        ? refusal
        : url.startsWith('/api/admin/platform-tax-items')
          ? HttpResponse.json({ items: [{ id: PLAN, label: 'Pro' }] })
          : HttpResponse.json(platformRates),
    );

  it('asks for the kind, then the item, with the contract texts and focus, without sending', async () => {
    const calls = answer();
    renderPlatform();
    fireEvent.change(await screen.findByLabelText('Tax name on invoices'), {
      target: { value: 'Reduced VAT' },
    });
    fireEvent.change(screen.getByLabelText('Its rate in %'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add this rate' }));
    expect(await screen.findByText(PLATFORM_TAX_MESSAGES.kind)).toBeTruthy();
    expect(screen.getByText(TAX_MESSAGES.percent)).toBeTruthy();
    // The item is asked for only once its kind is chosen.
    expect(screen.queryByText(PLATFORM_ITEM_MESSAGES.item)).toBeNull();
    const kind = screen.getByLabelText('Charged for');
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(kind));

    fireEvent.change(kind, { target: { value: 'plan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add this rate' }));
    expect(await screen.findByText(PLATFORM_ITEM_MESSAGES.item)).toBeTruthy();
    const item = screen.getByLabelText('Plan, event or campaign');
    expect(item.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's refusal of the URL's item on its field and sends the trimmed rate", async () => {
    const calls = answer(fieldRefusal('params.itemId', PLATFORM_ITEM_MESSAGES.item));
    renderPlatform();
    fireEvent.change(await screen.findByLabelText('Charged for'), { target: { value: 'plan' } });
    const item = screen.getByLabelText('Plan, event or campaign');
    await screen.findByRole('option', { name: 'Pro' });
    fireEvent.change(item, { target: { value: PLAN } });
    fireEvent.change(screen.getByLabelText('Tax name on invoices'), {
      target: { value: ' Reduced VAT ' },
    });
    fireEvent.change(screen.getByLabelText('Its rate in %'), { target: { value: '10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add this rate' }));
    expect(await screen.findByText(PLATFORM_ITEM_MESSAGES.item)).toBeTruthy();
    expect(item.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: `/api/admin/platform-tax-rates/plan/items/${PLAN}`,
        body: { name: 'Reduced VAT', percent: '10' },
      },
    ]);
  });
});

// The event's settings: every field is a listed choice, so only the server refuses; its refusal
// of a ticket type's rate lands on that type's select.
describe("an event's tax settings", () => {
  const VIP = '33333333-3333-4333-8333-333333333333';
  const RATE = '44444444-4444-4444-8444-444444444444';
  const type = (id: string, name: string) => ({
    id,
    name,
    kind: 'ticket',
    priceCents: 5000,
    currency: 'EUR',
    taxRateId: null,
  });
  const settings = {
    eventId: EVENT,
    pricesIncludeTax: true,
    rates: [
      { id: RATE, name: 'VAT', rateThousandths: 20000, percent: '20', country: null, usedBy: 0 },
    ],
    ticketTypes: [type(EVENT, 'Standard'), type(VIP, 'VIP')],
  };

  it("shows the server's refusal on the ticket type's rate and sends every type", async () => {
    const calls = answerApi(() =>
      fieldRefusal('body.assignments.1.taxRateId', TAX_MESSAGES.notYours),
    );
    renderWith(<AssignSection eventId={EVENT} settings={settings} />);
    fireEvent.click(screen.getByLabelText('Exclude tax (tax is added on top at checkout)'));
    const vip = screen.getByLabelText(/VIP/);
    fireEvent.change(vip, { target: { value: RATE } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax settings' }));
    expect(await screen.findByText(TAX_MESSAGES.notYours)).toBeTruthy();
    expect(vip.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Standard/).getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(vip));
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: `/api/events/${EVENT}/tax-settings`,
        body: {
          pricesIncludeTax: false,
          assignments: [
            { ticketTypeId: EVENT, taxRateId: null },
            { ticketTypeId: VIP, taxRateId: RATE },
          ],
        },
      },
    ]);
  });
});
