import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_MESSAGES } from '../../../contracts/products';
import { answerApi, fieldRefusal } from '../../test/msw';
import { ProductDialog } from './product-dialog';

// The product dialog: the contract's texts on their fields before any request (focus on the
// first in reading order), the server's refusals on their fields (an add-on rule's on its ticket
// type's row), the body as the API takes it.

const EVENT = '11111111-1111-4111-8111-111111111111';
const GA = '00000000-0000-4000-8000-000000000001';
const VIP = '00000000-0000-4000-8000-000000000002';

function renderDialog() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProductDialog
        eventId={EVENT}
        product={null}
        ticketTypes={[
          { id: GA, name: 'GA' },
          { id: VIP, name: 'VIP' },
        ]}
        defaultCurrency="USD"
        open
        onOpenChange={onOpenChange}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onOpenChange };
}

describe('ProductDialog', () => {
  it('names each bad field with the contract text and focuses the first, without saving', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    const { dialog } = renderDialog();
    const d = within(dialog);
    fireEvent.change(d.getByLabelText('Price'), { target: { value: 'abc' } });
    fireEvent.change(d.getByLabelText('Stock'), { target: { value: '0' } });
    fireEvent.click(d.getByRole('button', { name: 'Add product' }));
    expect(await d.findByText(PRODUCT_MESSAGES.nameRequired)).toBeTruthy();
    expect(d.getByText(PRODUCT_MESSAGES.price)).toBeTruthy();
    expect(d.getByText(PRODUCT_MESSAGES.quantity)).toBeTruthy();
    expect(d.getByLabelText('Stock').getAttribute('aria-invalid')).toBe('true');
    const name = d.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of an add-on rule on its ticket type's field", async () => {
    const calls = answerApi(() =>
      fieldRefusal('body.addOns.0.maxPerTicket', PRODUCT_MESSAGES.perTicket),
    );
    const { dialog, onOpenChange } = renderDialog();
    const d = within(dialog);
    fireEvent.change(d.getByLabelText('Name'), { target: { value: 'Cap' } });
    fireEvent.change(d.getByLabelText('Price'), { target: { value: '5' } });
    fireEvent.click(d.getByRole('checkbox', { name: 'Add-on to VIP' }));
    fireEvent.click(d.getByRole('button', { name: 'Add product' }));
    expect(await d.findByText(PRODUCT_MESSAGES.perTicket)).toBeTruthy();
    const most = d.getByLabelText('Most per ticket');
    expect(most.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(most));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('saves the product as the API takes it and closes', async () => {
    const calls = answerApi(({ body }) => HttpResponse.json({ ...(body as object), id: 'p' }));
    const { dialog, onOpenChange } = renderDialog();
    const d = within(dialog);
    fireEvent.change(d.getByLabelText('Name'), { target: { value: 'T-shirt' } });
    fireEvent.change(d.getByLabelText('Price'), { target: { value: '12.5' } });
    fireEvent.click(d.getByRole('checkbox', { name: 'Add-on to GA' }));
    fireEvent.change(d.getByLabelText('Most per ticket'), { target: { value: '2' } });
    fireEvent.click(d.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'T-shirt',
        priceCents: 1250,
        currency: 'USD',
        soldAlone: true,
        maxPerOrder: 10,
        variations: [{ id: null, label: '', quantity: 50, priceCents: null }],
        addOns: [{ ticketTypeId: GA, minPerTicket: 0, maxPerTicket: 2 }],
      },
    });
  });
});
