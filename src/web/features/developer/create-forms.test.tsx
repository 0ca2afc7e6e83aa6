import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEVELOPER_MESSAGES, WEBHOOK_MESSAGES } from '../../../contracts/developer';
import { recordRequests, server } from '../../test/msw';
import { CreateKeyForm } from './create-key-form';
import { CreateWebhookForm } from './create-webhook-form';

function renderWithClient(ui: ReactNode) {
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

describe('the developer forms', () => {
  it('a key needs a name and a permission before anything is sent, then sends the expiry in days', async () => {
    const onCreated = vi.fn();
    renderWithClient(<CreateKeyForm onCreated={onCreated} />);
    const requests = recordRequests();
    fireEvent.click(screen.getByLabelText(/Read your events/));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(DEVELOPER_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(DEVELOPER_MESSAGES.scopesRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);

    let body: unknown;
    server.use(
      http.post('/api/developer/keys', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ key: {}, secret: 'mea_secret' }, { status: 201 });
      }),
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Door app' } });
    fireEvent.click(screen.getByLabelText(/Check tickets in at your events/));
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: 'never' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('mea_secret'));
    expect(body).toEqual({ name: 'Door app', scopes: ['checkins:write'], expiresInDays: null });
  });

  it('an endpoint refused by the server shows the message on its field', async () => {
    server.use(
      http.post('/api/developer/webhooks', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Private and internal addresses cannot receive webhooks',
              details: {
                fields: [
                  {
                    field: 'body.url',
                    message: 'Private and internal addresses cannot receive webhooks',
                  },
                ],
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithClient(<CreateWebhookForm onCreated={vi.fn()} />);
    const url = screen.getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeTruthy();

    fireEvent.change(url, { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText('Private and internal addresses cannot receive webhooks'),
    ).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });
});
