import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../../contracts/invoices';
import { answerApi, fieldRefusal } from '../../test/msw';
import { BillingProfileForm } from './billing-profile-form';

// The billing profile form: the contract's texts on their fields before any request (focus on
// the first), the server's refusal on its field, and the body it sends.

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BillingProfileForm scope="organizer" />
    </QueryClientProvider>,
  );
}

const saved = {
  legalName: 'Ada Events Ltd',
  address: '1 Main Street',
  taxId: '',
  footer: '',
  numberPrefix: 'INV-',
  numberFormat: '{prefix}{year}-{number:5}',
  issueMode: 'automatic',
  logoUrl: null,
  nextNumber: 'INV-2026-00001',
};

describe('the billing profile form', () => {
  it('names the bad fields with the contract texts and focuses the first, without sending', async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET' ? HttpResponse.json({ profile: null }) : HttpResponse.json({}),
    );
    renderForm();
    const format = await screen.findByLabelText('Number format');
    fireEvent.change(format, { target: { value: 'INV-{year}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    expect(await screen.findByText(INVOICE_MESSAGES.legalName)).toBeTruthy();
    expect(screen.getByText(INVOICE_MESSAGES.address)).toBeTruthy();
    expect(screen.getByText(INVOICE_MESSAGES.format)).toBeTruthy();
    const legalName = screen.getByLabelText('Legal name');
    expect(legalName.getAttribute('aria-invalid')).toBe('true');
    expect(format.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(legalName));
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's refusal on its field and sends the profile as typed", async () => {
    const calls = answerApi(({ method }) =>
      method === 'GET'
        ? HttpResponse.json({ profile: saved })
        : fieldRefusal('body.numberPrefix', INVOICE_MESSAGES.prefix),
    );
    renderForm();
    const prefix = await screen.findByLabelText('Number prefix');
    fireEvent.change(screen.getByLabelText('VAT or tax ID'), { target: { value: ' GB123 ' } });
    fireEvent.click(screen.getByLabelText('On request: the buyer asks for one from their order'));
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    expect(await screen.findByText(INVOICE_MESSAGES.prefix)).toBeTruthy();
    expect(prefix.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(prefix));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        url: '/api/invoices/profile',
        body: {
          legalName: 'Ada Events Ltd',
          address: '1 Main Street',
          taxId: ' GB123 ',
          footer: '',
          numberPrefix: 'INV-',
          numberFormat: '{prefix}{year}-{number:5}',
          issueMode: 'on_request',
        },
      },
    ]);
  });

  it('says "Saved." after a save and forgets it at the next change', async () => {
    answerApi(({ method }) => HttpResponse.json({ profile: method === 'GET' ? null : saved }));
    renderForm();
    fireEvent.change(await screen.findByLabelText('Legal name'), {
      target: { value: 'Ada Events Ltd' },
    });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Main Street' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByText('Next invoice number: INV-2026-00001')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '2 Main Street' } });
    await waitFor(() => expect(screen.queryByText('Saved.')).toBeNull());
  });
});
