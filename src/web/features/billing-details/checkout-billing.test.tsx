import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { server } from '../../test/msw';
import { CheckoutBillingForm, useCheckoutBilling } from './checkout-billing';

const EVENT = '11111111-1111-4111-8111-111111111111';

function settings(required: boolean) {
  server.use(
    http.get(`/api/events/${EVENT}/billing-settings`, () =>
      HttpResponse.json({
        billingDetailsRequired: required,
        reverseChargeEnabled: true,
        sellerCountry: 'DE',
      }),
    ),
  );
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Checkout({ onInput }: { onInput: (input: unknown) => void }) {
  const billing = useCheckoutBilling([EVENT]);
  return (
    <>
      <CheckoutBillingForm billing={billing} />
      <button type="button" onClick={() => onInput(billing.input)}>
        Send
      </button>
      <button
        type="button"
        onClick={() =>
          billing.showErrors(
            new ApiError(400, 'VALIDATION_FAILED', 'bad', {
              fields: [
                {
                  field: 'body.billingDetails.vatId',
                  message: 'This VAT ID is not valid: its check digit does not match',
                },
              ],
            }),
          )
        }
      >
        Refuse
      </button>
    </>
  );
}

describe('checkout billing details', () => {
  it('stays closed behind the company invoice choice when the event does not ask', async () => {
    settings(false);
    let sent: unknown = 'none';
    render(<Checkout onInput={(i) => (sent = i)} />, { wrapper });
    const choice = await screen.findByRole('checkbox', { name: 'I need an invoice for a company' });
    expect(screen.queryByLabelText('Company name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toBeNull();

    fireEvent.click(choice);
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme SARL' } });
    fireEvent.change(screen.getByLabelText('Street address'), {
      target: { value: '1 rue de la Paix' },
    });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Paris' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'FR' } });
    fireEvent.change(screen.getByLabelText('VAT ID (optional)'), {
      target: { value: 'FR40303265045' },
    });
    expect(
      screen.getByText('VAT ID checked for format only, not with the tax authority'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual({
      companyName: 'Acme SARL',
      address: '1 rue de la Paix',
      postalCode: '',
      city: 'Paris',
      country: 'FR',
      vatId: 'FR40303265045',
    });
  });

  it('is open when the event asks, and shows a refused field’s message under it', async () => {
    settings(true);
    render(<Checkout onInput={() => undefined} />, { wrapper });
    expect(await screen.findByText('This event asks for company billing details.')).toBeTruthy();
    const vatId = screen.getByLabelText('VAT ID (optional)');
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(
      await screen.findByText('This VAT ID is not valid: its check digit does not match'),
    ).toBeTruthy();
    expect(vatId.getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message.
    fireEvent.change(vatId, { target: { value: 'FR4' } });
    expect(vatId.getAttribute('aria-invalid')).toBe('false');
  });

  it('quotes with the details only once the required ones are filled in', async () => {
    settings(true);
    const { result } = renderHook(() => useCheckoutBilling([EVENT]), { wrapper });
    await expect.poll(() => result.current.required).toBe(true);
    expect(result.current.quoteInput).toBeNull();
    act(() => {
      result.current.change('companyName', 'Acme');
      result.current.change('address', 'Main St 1');
      result.current.change('city', 'Vienna');
      result.current.change('country', 'AT');
    });
    expect(result.current.quoteInput).toMatchObject({ companyName: 'Acme', vatId: null });
  });
});
